import type { AnchorHTMLAttributes } from 'react';

/** The attribute SoftNavigation (components/layout/soft-navigation.tsx) looks for. */
export const SOFT_LINK_ATTR = 'data-soft-link';

/**
 * An internal link for repeated server-rendered content (product cards: four links each, fifty
 * cards to a page): a plain `<a>` the browser follows without JavaScript, turned into a client-side
 * navigation by the one listener of SoftNavigation. Unlike `next/link` it is not a client
 * component, so a listing does not hydrate two hundred of them before it answers a tap. Not
 * prefetched (cards never were: a listing's pages are rarely all opened).
 */
export function SoftLink({
  href,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} {...{ [SOFT_LINK_ATTR]: '' }} {...props} />;
}
