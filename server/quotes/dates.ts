import 'server-only';
import { env } from '@/lib/env';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '@/lib/quotes/status';
import { lisbonDay } from '@/server/pricing';

/** The dates of a quote: how long an answer stays valid, and when (Lisbon time) it expires. */

/** Days a new answer stays valid (QUOTE_VALIDITY_DAYS, default 30). */
export function quoteValidityDays(): number {
  const raw = Number(env().QUOTE_VALIDITY_DAYS ?? DEFAULT_QUOTE_VALIDITY_DAYS);
  return Number.isInteger(raw) && raw >= 1 && raw <= 365 ? raw : DEFAULT_QUOTE_VALIDITY_DAYS;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The moment a quote valid until `day` (Lisbon) expires: the start of the next day there. */
export function expiryMoment(day: string): Date {
  const next = addDays(day, 1);
  // Lisbon is UTC+0 in winter and UTC+1 in summer: try both, keep the one that is midnight there.
  for (const offset of [0, 1]) {
    const candidate = new Date(`${next}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    if (lisbonDay(candidate) === next && lisbonDay(new Date(candidate.getTime() - 1)) === day) return candidate;
  }
  return new Date(`${next}T00:00:00Z`);
}
