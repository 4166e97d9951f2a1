/** @jest-environment node */
import { MAX_QUERY_EXPANSIONS, MAX_QUERY_SIZES, MAX_QUERY_WORDS, parseSearchQuery } from '@/lib/search/query';
import { compileSynonyms } from '@/lib/search/synonyms';
import { Vocabulary } from '@/lib/search/vocabulary';
import { SYNONYMS } from '@/server/search/synonyms';

/**
 * Bounded cost of a search (issue 9): however long the query, the engine looks at a bounded
 * number of words, sizes and alternatives.
 */
const synonyms = compileSynonyms(SYNONYMS);

/** A vocabulary where every 3-letter prefix completes to 6 words and every 5-letter word has typos. */
function bigVocabulary(): Vocabulary {
  const entries: [string, number][] = [];
  const letters = 'bcdfgjlmnprstv';
  for (const a of letters)
    for (const b of 'aeiou')
      for (const c of letters.slice(0, 6)) {
        for (const end of ['ador', 'eira', 'ula', 'ente', 'ico', 'ario']) entries.push([`${a}${b}${c}${end}`, 1]);
      }
  return new Vocabulary(entries);
}

const alternativesOf = (q: ReturnType<typeof parseSearchQuery>) =>
  q.groups.reduce((n, g) => n + g.alternatives.filter((a) => a.source !== 'query').length, 0);

describe('bounded queries', () => {
  const vocabulary = bigVocabulary();

  it('looks at the first 10 words of a 45-word query', () => {
    const words = Array.from({ length: 45 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const parsed = parseSearchQuery(words.join(' '), { vocabulary, synonyms, completeLastWord: true });
    expect(MAX_QUERY_WORDS).toBe(10);
    expect(parsed.groups.map((g) => g.text)).toEqual(words.slice(0, 10));
  });

  it('caps completions and corrections of the whole query', () => {
    // Every word is an unknown prefix of six known words, or a typo of known words.
    const prefixes = ['bac', 'bec', 'dic', 'fob', 'gud', 'lac', 'mec', 'nic', 'pob', 'rud'];
    const parsed = parseSearchQuery(prefixes.join(' '), { vocabulary, synonyms, completeLastWord: true });
    expect(parsed.groups).toHaveLength(10);
    expect(alternativesOf(parsed)).toBe(MAX_QUERY_EXPANSIONS);
    // The first words keep all their completions: short queries are unchanged.
    const short = parseSearchQuery('bac bec', { vocabulary, synonyms, completeLastWord: true });
    expect(short.groups.map((g) => g.alternatives.length)).toEqual([7, 7]);
  });

  it('matches at most 4 sizes', () => {
    const parsed = parseSearchQuery('1/2" 3/4" 1" 16x2 20x2 25x2.3 dn15 dn20', { vocabulary, synonyms });
    expect(parsed.sizes.length).toBe(MAX_QUERY_SIZES);
  });

  it('stops expanding once the time budget has passed: the words stay as typed', () => {
    const parsed = parseSearchQuery('bac bec dic', { vocabulary, synonyms, completeLastWord: true, deadline: performance.now() - 1 });
    expect(parsed.groups.map((g) => g.alternatives.map((a) => a.source))).toEqual([['query'], ['query'], ['query']]);
  });
});
