/** The cart badge text (spec 2.6, 9): the number of lines, capped at '99+'; null (no badge) at zero. */
export function formatCartBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
