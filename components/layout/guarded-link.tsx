'use client';

import * as React from 'react';
import Link from 'next/link';
import { useComingSoon } from './coming-soon-dialog';

export interface GuardedLinkProps extends Omit<React.ComponentProps<typeof Link>, 'href'> {
  href: string;
  /** When false the control is a button that opens the coming-soon dialog instead. */
  enabled: boolean;
}

/** A link to a feature behind a flag (spec 6): a plain link when on, the coming-soon dialog when off. */
export function GuardedLink({
  href,
  enabled,
  children,
  className,
  onClick,
  ...props
}: GuardedLinkProps) {
  const comingSoon = useComingSoon();
  if (enabled) {
    return (
      // Account areas are personal, uncacheable pages: no point prefetching them.
      <Link href={href} prefetch={false} className={className} onClick={onClick} {...props}>
        {children}
      </Link>
    );
  }
  const { 'aria-label': ariaLabel, title, id } = props;
  return (
    <button
      type="button"
      id={id}
      title={title}
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      className={className}
      onClick={(event) => {
        onClick?.(event as unknown as React.MouseEvent<HTMLAnchorElement>);
        comingSoon.open();
      }}
      data-feature-off=""
    >
      {children}
    </button>
  );
}
