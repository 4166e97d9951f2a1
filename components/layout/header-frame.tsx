'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { cx } from '@/lib/class-names';

/** The header turns opaque once the page scrolled more than this (spec 9). */
export const OPAQUE_AFTER_SCROLL_PX = 200;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the window scrolled past `threshold` pixels (false on the server). */
export function useScrolledPast(threshold: number): boolean {
  return React.useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}

export interface HeaderFrameProps {
  children: React.ReactNode;
  /** 'home': transparent over the hero of '/' only (the default); true/false force it. */
  transparent?: boolean | 'home';
  /** How the header sits on the page (spec 2.6: a fixed or absolute header is an option). */
  position?: 'sticky' | 'fixed' | 'absolute';
  className?: string;
}

/**
 * The client shell of the header: position, and the transparent variant (white text over the
 * home hero) that turns opaque after 200 px of scroll. Children are server-rendered; they style
 * themselves with `group-data-[transparent=true]/header:` variants.
 */
export function HeaderFrame({
  children,
  transparent = 'home',
  position = 'sticky',
  className,
}: HeaderFrameProps) {
  const pathname = usePathname();
  const wantsTransparent = transparent === 'home' ? pathname === '/' : transparent;
  const scrolled = useScrolledPast(OPAQUE_AFTER_SCROLL_PX);
  const isTransparent = wantsTransparent && !scrolled;
  return (
    <header
      data-transparent={isTransparent ? 'true' : 'false'}
      className={cx(
        'group/header inset-x-0 top-0 z-40 w-full transition-[background-color,color,box-shadow,border-color] duration-300',
        position === 'sticky' && 'sticky',
        position === 'fixed' && 'fixed',
        position === 'absolute' && 'absolute',
        // A transparent sticky header overlaps the content below it (the hero) instead of pushing it down.
        wantsTransparent &&
          position === 'sticky' &&
          '-mb-[calc(var(--header-height)_+_var(--phone-search-height))] md:-mb-[calc(var(--header-height)_+_var(--nav-height))]',
        isTransparent
          ? 'border-b border-transparent bg-transparent text-white'
          : 'border-b border-slate-200 bg-white/95 text-slate-900 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85',
        className,
      )}
      style={{ '--nav-height': '2.75rem' } as React.CSSProperties}
    >
      {children}
    </header>
  );
}
