/**
 * Ids of database rows named in URLs and forms. PostgreSQL `integer` columns hold at most
 * 2,147,483,647: a larger number sent to a query is an error of the database ("out of range for
 * type integer"), which would surface as a 500. Every id from outside is checked here once:
 * a number that cannot be an id names nothing (404), like an id that does not exist.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial ids, codes). */
export const DB_INT_MAX = 2_147_483_647;

/** A row id: a positive integer that fits an `integer` column (numbers or digit strings). */
export const dbId = z.coerce.number().int().min(1).max(DB_INT_MAX);

/** True when `value` (digits, or a number) is a possible row id. */
export function isDbId(value: string | number): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 && value <= DB_INT_MAX;
  return /^\d{1,10}$/.test(value) && isDbId(Number(value));
}
