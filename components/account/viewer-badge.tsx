import { BADGE_TONE_CLASSES, type UserBadge } from '@/lib/auth/badges';
import { cn } from '@/lib/utils';

/** The account type badge of a signed-in customer (Cliente, PRO, Administrador), in its tone's colours. */
export function ViewerBadge({ badge, className }: { badge: UserBadge; className?: string }) {
  return <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-bold tracking-wide', BADGE_TONE_CLASSES[badge.tone], className)}>{badge.label}</span>;
}
