/**
 * Trade synonyms: compiles a synonym table (data kept in `server/search/synonyms.ts`) and finds
 * its terms in a query. Terms may be phrases (`aquecedor de água a gás`); they are compared on
 * their content words, accent- and plural-insensitively. Pure functions.
 */
import { foldAccents, isStopword, modernSpelling, singular, words } from './normalize';

/** Interchangeable terms, or one-way expansions (`from` also finds `to`, not the reverse). */
export type SynonymEntry = { equivalent: readonly string[] } | { from: readonly string[]; to: readonly string[] };

export interface CompiledSynonyms {
  /** Phrase key (content words, singular) → the alternatives it expands to (lists of content words). */
  readonly byKey: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** Longest phrase, in content words. */
  readonly maxWords: number;
}

/** Content words of a term or query text: folded, modern spelling, hyphens split, stop words out. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const w of words(foldAccents(text))) {
    for (const part of w.split('-')) {
      const m = modernSpelling(part);
      if (m && !isStopword(m)) out.push(m);
    }
  }
  return out;
}

/** The key a phrase is looked up by: content words in singular, joined by spaces. */
export function phraseKey(contentWordList: readonly string[]): string {
  return contentWordList.map(singular).join(' ');
}

export function compileSynonyms(entries: readonly SynonymEntry[]): CompiledSynonyms {
  const byKey = new Map<string, (readonly string[])[]>();
  let maxWords = 1;
  const add = (fromTerms: readonly string[], toTerms: readonly string[]) => {
    const targets = toTerms.map(contentWords).filter((t) => t.length > 0);
    for (const term of fromTerms) {
      const cw = contentWords(term);
      if (cw.length === 0) continue;
      maxWords = Math.max(maxWords, cw.length);
      const key = phraseKey(cw);
      const list = byKey.get(key) ?? [];
      for (const t of targets) {
        const tk = phraseKey(t);
        if (tk !== key && !list.some((x) => phraseKey(x) === tk)) list.push(t);
      }
      byKey.set(key, list);
    }
  };
  for (const entry of entries) {
    if ('equivalent' in entry) add(entry.equivalent, entry.equivalent);
    else add(entry.from, entry.to);
  }
  return { byKey, maxWords };
}

export interface SynonymMatch {
  /** Index of the first content word of the match and how many words it spans. */
  start: number;
  length: number;
  /** The other terms the matched phrase stands for. */
  alternatives: readonly (readonly string[])[];
}

/**
 * Finds synonym phrases in a list of content words, longest first, left to right, without
 * overlaps. Words listed in `skip` (codes, numbers) are never part of a phrase.
 */
export function findSynonyms(contentWordList: readonly string[], table: CompiledSynonyms): SynonymMatch[] {
  const matches: SynonymMatch[] = [];
  let i = 0;
  while (i < contentWordList.length) {
    let found: SynonymMatch | null = null;
    for (let len = Math.min(table.maxWords, contentWordList.length - i); len >= 1; len--) {
      const key = phraseKey(contentWordList.slice(i, i + len));
      const alternatives = table.byKey.get(key);
      if (alternatives && alternatives.length > 0) {
        found = { start: i, length: len, alternatives };
        break;
      }
    }
    if (found) {
      matches.push(found);
      i += found.length;
    } else i += 1;
  }
  return matches;
}

/** Every phrase a query text stands for, per matched span (for tests and debugging). */
export function expandSynonyms(text: string, table: CompiledSynonyms): string[][] {
  const cw = contentWords(text);
  return findSynonyms(cw, table).map((m) => [
    cw.slice(m.start, m.start + m.length).join(' '),
    ...m.alternatives.map((a) => a.join(' ')),
  ]);
}
