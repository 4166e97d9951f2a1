/**
 * pg_trgm's `word_similarity(a, b)` in JavaScript, as PostgreSQL computes it (float4), for the
 * in-memory search's trigram fallback (server/search/memory.ts): the greatest similarity between
 * the trigrams of `a` and those of any stretch of consecutive trigrams of `b`. Words are runs of
 * letters and digits, lowercased, padded with two spaces before and one after. Pure.
 */

/** pg_trgm's default `pg_trgm.word_similarity_threshold` (the `<%` operator). */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

const WORD_CHAR = /[\p{L}\p{Nd}]/u;

/** The trigrams of a text, in order, with repeats (pg_trgm's `generate_trgm_only`). */
export function trigrams(text: string): string[] {
  const out: string[] = [];
  const chars = [...text];
  let i = 0;
  while (i < chars.length) {
    while (i < chars.length && !WORD_CHAR.test(chars[i]!)) i++;
    if (i >= chars.length) break;
    const start = i;
    while (i < chars.length && WORD_CHAR.test(chars[i]!)) i++;
    const word = [' ', ' ', ...chars.slice(start, i).join('').toLowerCase(), ' '];
    for (let k = 0; k + 2 < word.length; k++) out.push(word[k]! + word[k + 1]! + word[k + 2]!);
  }
  return out;
}

/** `count / (len1 + len2 - count)` in float4, as pg_trgm's CALCSML. */
function similarity(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * `word_similarity(query, text)` from their trigrams (`trigrams(query)`, `trigrams(text)`):
 * pg_trgm's `calc_word_similarity` without flags, a float4.
 */
export function wordSimilarity(
  queryTrigrams: readonly string[],
  textTrigrams: readonly string[],
): number {
  // Number the distinct trigrams; `found` marks those of the query.
  const ids = new Map<string, number>();
  const found: boolean[] = [];
  for (const t of queryTrigrams) {
    let id = ids.get(t);
    if (id === undefined) {
      ids.set(t, (id = found.length));
      found.push(true);
    }
  }
  const ulen1 = found.length;
  const indexes = textTrigrams.map((t) => {
    let id = ids.get(t);
    if (id === undefined) {
      ids.set(t, (id = found.length));
      found.push(false);
    }
    return id;
  });
  const lastpos = new Array<number>(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < indexes.length; i++) {
    const trg = indexes[i]!;
    if (lower >= 0 || found[trg]) {
      if (lastpos[trg]! < 0) {
        ulen2++;
        if (found[trg]) count++;
      }
      lastpos[trg] = i;
    }
    if (!found[trg]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarity(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const t = indexes[tmpLower]!;
      if (lastpos[t] === tmpLower) {
        tmpUlen2--;
        if (found[t]) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const t = indexes[tmpLower]!;
      if (lastpos[t] === tmpLower) lastpos[t] = -1;
    }
  }
  return best;
}
