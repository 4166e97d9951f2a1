import 'server-only';
import type { DifferenceRow, Snapshot, StaleData } from '@/lib/admin/stale';
import { AppError } from '@/server/errors';

/**
 * "Edits never overwrite each other": every editable record carries a `version` that
 * each save bumps; a form sends the version it was loaded with, and a save over a newer version
 * is refused with 'Este registo foi alterado por outra pessoa' (409 `conflict`, key
 * `Admin.stale`) and the record as it is now in the error's `data` (lib/admin/stale.ts), so the
 * form can show the differences (components/admin/stale-notice.tsx) and let the user reload.
 *
 * Check inside the write's transaction after locking the row (`SELECT … FOR UPDATE`), and bump
 * the version in the same UPDATE: of two saves of the same version one wins, the other is refused.
 * `differences`, when given, are the differences in words (server/audit/describe.ts) the notice
 * shows instead of comparing the raw values itself.
 */
export function assertVersion(expected: number, actual: number, current: () => Snapshot, differences?: DifferenceRow[]): void {
  if (expected === actual) return;
  const data: StaleData = { stale: true, version: actual, current: current(), ...(differences ? { differences } : {}) };
  throw new AppError({ code: 'conflict', key: 'Admin.stale', data });
}
