import { UserRoundIcon } from 'lucide-react';
import { BADGE_TONE_CLASSES } from '@/lib/auth/badges';
import type { Viewer } from '@/lib/auth/viewer';
import { cx } from '@/lib/class-names';

// Both are in the header of every page: their classes are joined without tailwind-merge, so a
// `className` that sets the display (badge) or the size (avatar) replaces the default instead of
// joining it.

/**
 * The role badge of the header (spec 6): ADMIN purple, the pro account's name yellow, CLIENTE blue.
 * A long account name wraps between words onto a second line and ends with "…" past it; it is
 * never cut inside a word (the whole name is its tooltip).
 */
export function RoleBadge({ viewer, className = 'inline-flex' }: { viewer: Viewer; className?: string }) {
  return (
    <span className={cx('max-w-40 rounded px-1.5 py-0.5 text-[0.65rem] font-bold leading-tight tracking-wide', BADGE_TONE_CLASSES[viewer.badge.tone], className)} title={viewer.badge.label} data-testid="role-badge">
      <span className="line-clamp-2 min-w-0 break-words" data-testid="role-badge-text">
        {viewer.badge.label}
      </span>
    </span>
  );
}

/** The user's photo, or the initials of the display name. */
export function Avatar({ viewer, className = 'size-9' }: { viewer: Viewer; className?: string }) {
  const initials = viewer.displayName
    .split(/\s+/)
    .map((w) => w[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return viewer.avatarUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- a 256 px WebP we made ourselves
    <img src={viewer.avatarUrl} alt="" className={cx('rounded-full object-cover', className)} />
  ) : (
    <span aria-hidden className={cx('grid place-items-center rounded-full bg-sky-700 text-sm font-semibold text-white', className)}>
      {initials || <UserRoundIcon className="size-4" />}
    </span>
  );
}
