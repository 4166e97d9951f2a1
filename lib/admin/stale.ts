/**
 * The refusal of a save made over a newer version (issue 13: "edits never overwrite each other"),
 * as the forms receive it in `error.data` of a `conflict` (server/admin/versioning.ts).
 */
export type Snapshot = Record<string, unknown>;

export interface StaleData {
  stale: true;
  /** The version the record has now (a re-applied save sends it). */
  version: number;
  /** The record now, in the form's field names and shapes. */
  current: Snapshot;
}

export function isStaleData(data: unknown): data is StaleData {
  return typeof data === 'object' && data !== null && (data as { stale?: unknown }).stale === true && typeof (data as { version?: unknown }).version === 'number';
}

/** Fields whose value in `mine` (what the user saved) differs from `current` (compared as JSON). */
export function staleDifferences(mine: Snapshot, current: Snapshot, fields: readonly string[] = Object.keys(current)): { field: string; mine: unknown; current: unknown }[] {
  return fields
    .filter((field) => field in mine && JSON.stringify(mine[field] ?? null) !== JSON.stringify(current[field] ?? null))
    .map((field) => ({ field, mine: mine[field] ?? null, current: current[field] ?? null }));
}
