import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { inflections } from '@/lib/search/normalize';
import type { Alternative, TermGroup } from '@/lib/search/query';

/**
 * What the two ways of running a search share (server/search/engine.ts ranks in one SQL
 * statement; server/search/memory.ts finds the candidates and their match locations in memory
 * and lets SQL add the text rank, order and read the page): the tsquery texts of a group of words,
 * the points of a match location, and the score expression over the match columns.
 */

/** Points a group earns by where it matches (index = location rank, see `locationCase`). */
export const LOCATION_POINTS = [0, 8, 25, 25, 45, 65, 80, 100] as const;
export const SYNONYM_FACTOR = 0.85;
/** Below this many complete matches, products missing one of the words are listed after them. */
export const FEW_RESULTS = 5;

// ---------------------------------------------------------------------------------------------
// tsquery text

const SAFE_FORM = /^[\p{L}\p{N}][\p{L}\p{N}./-]*$/u;

function wordQuery(word: string, weight: string): string {
  const forms = inflections(word).filter((f) => SAFE_FORM.test(f));
  const parts = forms.map((f) => `'${f}'${weight ? `:${weight}` : ''}`);
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

export type Mode = 'any' | 'first' | 'core' | 'name' | 'extra';

function alternativeQuery(alt: Alternative, mode: Mode): string {
  const weight = (i: number) =>
    mode === 'name' ? 'A' : mode === 'extra' ? 'B' : mode === 'core' ? 'AB' : mode === 'first' && i === 0 ? 'A' : '';
  const parts = alt.words.map((w, i) => wordQuery(w, weight(i))).filter(Boolean);
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' & ')})`;
}

export function groupQuery(alternatives: readonly Alternative[], mode: Mode): string | null {
  const parts = alternatives.map((a) => alternativeQuery(a, mode)).filter(Boolean);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] ?? null) : `(${parts.join(' | ')})`;
}

export function groupQueries(alternatives: readonly Alternative[]): Record<Mode, string | null> {
  return {
    any: groupQuery(alternatives, 'any'),
    first: groupQuery(alternatives, 'first'),
    core: groupQuery(alternatives, 'core'),
    name: groupQuery(alternatives, 'name'),
    extra: groupQuery(alternatives, 'extra'),
  };
}

/** The words of a group typed together as one phrase (`painéis solares`), each scored where it is found. */
export function typedWordsOf(group: TermGroup): string[] {
  return group.alternatives.find((a) => a.source === 'query')?.words ?? [];
}

/** Inflections of a single typed word for the `sem …` test ("bomba sem boia"), or none. */
export function withoutForms(group: TermGroup): string[] {
  const typedWords = typedWordsOf(group);
  return typedWords.length === 1 && group.codes.length === 0
    ? inflections(typedWords[0] ?? '').filter((f) => /^[a-z0-9-]+$/.test(f))
    : [];
}

/** Every word of the query but the tee must be found (`&`), or, in the second pass, any (`|`). */
export function allQueryText(groups: readonly TermGroup[], relaxed: boolean): string {
  return groups
    .filter((g) => !g.tee)
    .map((g) => groupQuery(g.alternatives, 'any'))
    .filter((x): x is string => x !== null)
    .join(relaxed ? ' | ' : ' & ');
}

/** Tie-break rank on the words typed (and their corrections), not on synonyms. */
export function rankQueryText(groups: readonly TermGroup[]): string {
  return groups
    .filter((g) => !g.tee)
    .map((g) => groupQuery(g.alternatives.filter((a) => a.source !== 'synonym'), 'any'))
    .filter((x): x is string => x !== null)
    .join(' & ');
}

/** The first string after every string that starts with `prefix` (digits only), or null. */
export function digitsUpperBound(prefix: string): string | null {
  const digits = prefix.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i] !== '9') {
      digits[i] = String(Number(digits[i]) + 1);
      return digits.slice(0, i + 1).join('');
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Score

export function pointsSql(location: SQL | string): SQL {
  if (typeof location === 'string') location = sql.raw(location);
  return sql`(${sql.raw(`(ARRAY[${LOCATION_POINTS.join(',')}])`)}[${location} + 1])`;
}

export interface ScoreShape {
  /** Per scored group (columns `la{k}`, `pt{k}`, `wo{k}`, `mk{k}`): typed after `sem`. */
  negated: readonly boolean[];
  /** The scored group that names the kind of product (the query's first word), or -1. */
  headIndex: number;
  relaxed: boolean;
}

/**
 * The relevance score of a row `l` with the columns `la{k}` (location 0–7 of group k), `pt{k}`
 * (points of the words typed), `wo{k}` (the name says the product is without it), `mk{k}` (the
 * group matches), `code_score`, `size_score` and `text_rank`.
 */
export function scoreSql({ negated, headIndex, relaxed }: ScoreShape): SQL {
  const la = (k: number) => sql.raw(`l.la${k}`);
  const groupPoints = negated.map((isNegated, k) => {
    // A synonym found together with some of the words typed is better than the synonym alone.
    const points = sql`(GREATEST(${sql.raw(`l.pt${k}`)}, ${sql.raw(String(SYNONYM_FACTOR))} * ${pointsSql(`l.la${k}`)}) + 0.2 * ${sql.raw(`l.pt${k}`)})`;
    const without = sql.raw(`l.wo${k}`);
    // "bomba com boia" is not met by a pump "sem boia"; "urinol sem água" is.
    return isNegated
      ? sql`(CASE WHEN ${without} THEN ${points} + 40 ELSE 0.5 * ${points} END)`
      : sql`(CASE WHEN ${without} THEN LEAST(${points}, 8) ELSE ${points} END)`;
  });
  // Agreeing with the product's own first word ("Ânodo … para termoacumulador" for
  // "ânodo termoacumulador") counts more than any other match of a word.
  const headBonus = headIndex >= 0 && negated.length > 1 ? sql`(CASE WHEN l.la${sql.raw(String(headIndex))} = 7 THEN 80 ELSE 0 END)` : sql`0`;
  const allInHead = negated.length
    ? sql`(CASE WHEN ${sql.join(negated.map((_g, k) => sql`${la(k)} >= 5`), sql` AND `)} THEN 40 ELSE 0 END)`
    : sql`0`;
  // Second pass: the more of the words a product matches, the better.
  const matchedSum = sql`(${sql.join(negated.map((_g, k) => sql.raw(`l.mk${k}`)), sql` + `)})`;
  const matchedCount = relaxed && negated.length ? sql`${matchedSum} * 1000` : sql`0`;
  return sql`(l.code_score * 100000 + ${matchedCount}
        + ${groupPoints.length ? sql.join(groupPoints, sql` + `) : sql`0`}
        + ${allInHead}
        + ${headBonus}
        + l.size_score * 60
        + l.text_rank * 5)`;
}

/** Millionths: the unit of `scoreWithoutRank`. */
export const SCORE_UNIT = 1_000_000;

/**
 * `scoreSql` without the text rank, exactly, in millionths (an integer; the SQL computes it in
 * `numeric`), from a row's match columns: `pt[k]` is the points of the words typed, or for a
 * typed phrase the sum to divide by `divisors[k]`. Null when the value is not a whole number of
 * millionths (a phrase of three words: its mean has no exact decimal form), and the SQL must
 * compute it.
 */
export function scoreWithoutRank(
  shape: ScoreShape,
  divisors: readonly (number | null)[],
  row: { la: readonly number[]; pt: readonly number[]; wo: readonly boolean[]; mk: readonly number[]; code: number; sizeTenths: number },
): number | null {
  const n = shape.negated.length;
  let total = row.code * 100000 * SCORE_UNIT + (row.sizeTenths * 6 * SCORE_UNIT);
  if (shape.relaxed && n) total += row.mk.reduce((a, b) => a + b, 0) * 1000 * SCORE_UNIT;
  for (let k = 0; k < n; k++) {
    const divisor = divisors[k] ?? 1;
    const pt = ((row.pt[k] ?? 0) * SCORE_UNIT) / divisor;
    const synonym = (LOCATION_POINTS[row.la[k] ?? 0] ?? 0) * 850_000; // 0.85 × points, in millionths
    const points = Math.max(pt, synonym) + pt / 5;
    const value = shape.negated[k]
      ? row.wo[k]
        ? points + 40 * SCORE_UNIT
        : points / 2
      : row.wo[k]
        ? Math.min(points, 8 * SCORE_UNIT)
        : points;
    if (!Number.isInteger(value)) return null;
    total += value;
  }
  if (n && row.la.every((la) => la >= 5)) total += 40 * SCORE_UNIT;
  if (shape.headIndex >= 0 && n > 1 && row.la[shape.headIndex] === 7) total += 80 * SCORE_UNIT;
  return Number.isSafeInteger(total) ? total : null;
}
