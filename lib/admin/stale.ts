/**
 * The refusal of a save made over a newer version ("edits never overwrite each other"),
 * as the forms receive it in `error.data` of a `conflict` (server/admin/versioning.ts).
 */
export type Snapshot = Record<string, unknown>;

/** One difference in words (server/audit/describe.ts): "TJP-16111 · Preço", "0,54 €", "0,59 €". */
export interface DifferenceRow {
  label: string;
  before: string;
  after: string;
}

export interface StaleData {
  stale: true;
  /** The version the record has now (a re-applied save sends it). */
  version: number;
  /** The record now, in the form's field names and shapes. */
  current: Snapshot;
  /**
   * The differences between what this user sent (`before`) and the record now (`after`), in
   * words, when the server described them (field labels, models by code, names, pt-PT numbers).
   */
  differences?: DifferenceRow[];
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
