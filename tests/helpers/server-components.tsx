import * as React from 'react';

/**
 * Renders the async server components of a tree ahead of React Testing Library, which renders on
 * the client only: every function component written `async` is called and awaited in place, the
 * others (client components, plain elements) are kept and their children resolved the same way.
 */
export async function resolveServerTree(node: React.ReactNode): Promise<React.ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolveServerTree));
  if (!React.isValidElement(node)) return node;
  const element = node as React.ReactElement<Record<string, unknown>>;
  if (typeof element.type === 'function' && element.type.constructor.name === 'AsyncFunction') {
    const render = element.type as (props: Record<string, unknown>) => Promise<React.ReactNode>;
    return resolveServerTree(await render(element.props));
  }
  const { children } = element.props;
  if (children === undefined) return element;
  const resolved = await resolveServerTree(children as React.ReactNode);
  // Spread: an array passed as one child would ask for keys the JSX never needed.
  return Array.isArray(children) ? React.cloneElement(element, undefined, ...(resolved as React.ReactNode[])) : React.cloneElement(element, undefined, resolved);
}
