import 'server-only';
import messages from '@/messages/pt-PT.json';

export type MessageValues = Record<string, string | number>;
export type ServerTranslator = (key: string, values?: MessageValues) => string;

/**
 * Texts of messages/pt-PT.json for server code that runs outside a page render (mails, API
 * answers, server actions, tests). Supports simple `{name}` placeholders only: the texts used
 * here carry no plural or rich-text syntax.
 */
export function serverTranslator(namespace: string): ServerTranslator {
  return (key, values) => {
    const path = `${namespace}.${key}`;
    let node: unknown = messages;
    for (const part of path.split('.')) {
      node =
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[part]
          : undefined;
    }
    if (typeof node !== 'string') throw new Error(`Texto em falta em messages/pt-PT.json: ${path}`);
    return node.replace(/\{(\w+)\}/g, (match, name: string) =>
      values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match,
    );
  };
}
