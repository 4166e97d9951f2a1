/**
 * Quote states and the moves between them, shared by the server (the one transition
 * function, server/quotes/transitions.ts) and the pages that show them.
 *
 *   requested → answered (staff price the lines; a new answer may revise it while answered)
 *   answered  → accepted | declined (the customer) | expired (the validity date passed)
 *   requested | answered → withdrawn (staff); requested → declined (the customer gives up)
 * An expired or declined quote can be requested again (a new quote with the same lines).
 */
export const QUOTE_STATUSES = ['requested', 'answered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_TRANSITIONS: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  requested: ['answered', 'declined', 'withdrawn'],
  answered: ['answered', 'accepted', 'declined', 'expired', 'withdrawn'],
  accepted: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

export function canQuoteTransition(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** States from which the same lines can be asked for again. */
export const REQUESTABLE_AGAIN: readonly QuoteStatus[] = ['declined', 'expired', 'withdrawn'];

/** `OR-2026-000045`: the readable number of the `seq`-th quote of `year`. */
export function quoteNumber(year: number, seq: number): string {
  return `OR-${year}-${String(seq).padStart(6, '0')}`;
}

export const QUOTE_NUMBER_PATTERN = /^OR-\d{4}-\d{6,}$/;

/** Days an answer stays valid unless staff choose another date (QUOTE_VALIDITY_DAYS overrides). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** Lines one quote may hold. */
export const QUOTE_MAX_LINES = 200;
