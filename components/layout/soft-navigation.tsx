'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { SOFT_LINK_ATTR } from '@/components/ui/soft-link';

/**
 * One click listener for every SoftLink of the page: a plain left click on an internal link goes
 * through the App Router (the layout, header and cart stay; only the page's content is fetched),
 * exactly as `next/link` does. New tabs (modifier keys, middle click), `target`, `download`, other
 * origins and in-page anchors are left to the browser. Before hydration, or without JavaScript,
 * the links are ordinary links.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link =
        event.target instanceof Element
          ? event.target.closest<HTMLAnchorElement>(`a[${SOFT_LINK_ATTR}]`)
          : null;
      if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self'))
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (
        url.hash &&
        url.pathname === window.location.pathname &&
        url.search === window.location.search
      )
        return;
      event.preventDefault();
      router.push(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
