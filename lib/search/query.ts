/**
 * A search query as the engine understands it: sizes, and groups of words that must all match
 * (AND), each with its alternatives (OR): the word typed in singular and plural, trade synonyms,
 * typo corrections, completions of the word being typed, and model/product codes. Pure.
 */
import { foldAccents, inflections, isStopword, modernSpelling, normalizeQuery, singular, words } from './normalize';
import { extractSizes, type SizeToken } from './sizes';
import { findSynonyms, phraseKey, type CompiledSynonyms } from './synonyms';
import type { Vocabulary } from './vocabulary';

/** Minimum query length (spec 5: search starts at 2 characters). */
export const MIN_QUERY_LENGTH = 2;
/** Longest query the engine looks at. */
export const MAX_QUERY_LENGTH = 200;

export type AlternativeSource = 'query' | 'synonym' | 'typo' | 'prefix';

export interface Alternative {
  /** Folded content words that must all appear (each in any of its inflections). */
  words: string[];
  source: AlternativeSource;
}

export interface TermGroup {
  /** What was typed, folded. */
  text: string;
  alternatives: Alternative[];
  /** Code-like text (model code, product code, EAN, or a part of one) the group may match. */
  codes: string[];
  /** The fitting `tê`, a stop word for PostgreSQL: matched on the product name instead. */
  tee: boolean;
  /** Typed after `sem` ("urinol sem água"): the product should *not* have it. */
  negated: boolean;
}

export interface ParsedQuery {
  raw: string;
  normalized: string;
  sizes: SizeToken[];
  groups: TermGroup[];
  /** Nothing to search for (too short, only stop words…). */
  empty: boolean;
}

export interface ParseOptions {
  synonyms?: CompiledSynonyms;
  vocabulary?: Vocabulary;
  /** Complete an unknown last word with known words it begins (the user is still typing). */
  completeLastWord?: boolean;
}

/** Model codes (`CRX-63120`, `crx63120`, `P100132`), EANs and long numeric codes or parts of them. */
export function isCodeLike(token: string): boolean {
  return /^[a-z]{1,5}-?\d{3,}[a-z0-9-]*$/.test(token) || /^\d{5,}$/.test(token) || /^\d{3,}-\d{2,}$/.test(token);
}

/** Spellings of a code to look up: with and without the hyphen after the letters. */
export function codeVariants(token: string): string[] {
  const out = new Set([token]);
  const m = /^([a-z]{1,5})-?(\d[a-z0-9-]*)$/.exec(token);
  if (m) {
    out.add(`${m[1]}-${m[2]}`);
    out.add(`${m[1]}${m[2]}`);
  }
  return [...out];
}

type TokenKind = 'word' | 'code' | 'number' | 'tee';
interface Token {
  text: string;
  kind: TokenKind;
  /** For codes: the variants to look up. */
  codes?: string[];
  /** Position of the word in the folded text (to know whether it is the last one). */
  last?: boolean;
  /** Preceded by `sem` / `s/`. */
  negated?: boolean;
}

function isKnown(word: string, vocabulary: Vocabulary | undefined): boolean {
  if (!vocabulary) return true;
  return vocabulary.has(word) || vocabulary.has(singular(word)) || inflections(word).some((w) => vocabulary.has(w));
}

function tokenize(rest: string, vocabulary: Vocabulary | undefined): Token[] {
  const raw = words(foldAccents(rest.replace(/(^|\s)s\/(?=\S)/g, '$1sem ')));
  const tokens: Token[] = [];
  let negateNext = false;
  raw.forEach((w0, index) => {
    const isLast = index === raw.length - 1;
    const w = modernSpelling(w0);
    if (w === 'sem') {
      negateNext = true;
      return;
    }
    const negated = negateNext;
    negateNext = false;
    if (w === 'te' || w === 'tes' || w === 'tee') {
      tokens.push({ text: 'te', kind: 'tee', last: isLast });
      return;
    }
    if (isCodeLike(w)) {
      tokens.push({ text: w, kind: 'code', codes: codeVariants(w), last: isLast });
      return;
    }
    let first = true;
    const parts = /^[a-z]/.test(w) && w.includes('-') && !/\d/.test(w) ? w.split('-') : [w];
    parts.forEach((p, i) => {
      if (!p || isStopword(p)) return;
      if (/^[a-z]$/.test(p)) return; // stray letters (`x` of a size, initials)
      tokens.push({
        text: p,
        kind: /^\d+([./-]\d+)*$/.test(p) ? 'number' : 'word',
        last: isLast && i === parts.length - 1,
        negated: negated && first,
      });
      first = false;
    });
  });
  // `crx 63120` → one code `crx-63120` when the letters are not a word of the catalogue.
  const merged: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1];
    if (
      b &&
      a.kind === 'word' &&
      /^[a-z]{2,4}$/.test(a.text) &&
      /^\d{3,}$/.test(b.text) &&
      vocabulary &&
      !isKnown(a.text, vocabulary)
    ) {
      const code = `${a.text}-${b.text}`;
      merged.push({ text: code, kind: 'code', codes: codeVariants(code), last: b.last });
      i++;
    } else merged.push(a);
  }
  return merged;
}

function dedupeAlternatives(list: Alternative[]): Alternative[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    const key = phraseKey(a.words);
    if (a.words.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function wordGroup(token: Token, options: ParseOptions, endsWithSpace: boolean): TermGroup {
  const alternatives: Alternative[] = [{ words: [token.text], source: 'query' }];
  const vocabulary = options.vocabulary;
  if (token.kind === 'word' && vocabulary && !isKnown(token.text, vocabulary)) {
    // Abbreviations (`valv esf`) and the word being typed: complete with known words.
    const typing = options.completeLastWord && token.last && !endsWithSpace;
    if (token.text.length >= 3 || (typing && token.text.length >= 2)) {
      for (const w of vocabulary.withPrefix(token.text, typing ? 8 : 6)) alternatives.push({ words: [w], source: 'prefix' });
    }
    for (const w of vocabulary.corrections(token.text)) alternatives.push({ words: [w], source: 'typo' });
  }
  return {
    text: token.text,
    alternatives: dedupeAlternatives(alternatives),
    codes: token.codes ?? [],
    tee: false,
    negated: token.negated === true,
  };
}

/** Parses a raw query. Queries shorter than 2 characters (trimmed and normalised) are empty. */
export function parseSearchQuery(raw: string, options: ParseOptions = {}): ParsedQuery {
  const trimmed = raw.trim().slice(0, MAX_QUERY_LENGTH);
  const normalized = normalizeQuery(trimmed);
  // Counted after normalisation: `½` is `1/2"`.
  if (normalized.length < MIN_QUERY_LENGTH) return { raw, normalized, sizes: [], groups: [], empty: true };
  const endsWithSpace = /\s$/.test(raw);
  const { sizes, rest } = extractSizes(normalized);
  const tokens = tokenize(rest, options.vocabulary);

  const groups: TermGroup[] = [];
  const wordsOnly = tokens.map((t) => (t.kind === 'word' ? t.text : `\u0000${t.text}`));
  const synonymMatches = options.synonyms ? findSynonyms(wordsOnly, options.synonyms) : [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const match = synonymMatches.find((m) => m.start === i);
    if (match) {
      const span = tokens.slice(i, i + match.length).map((t) => t.text);
      groups.push({
        text: span.join(' '),
        alternatives: dedupeAlternatives([
          { words: span, source: 'query' },
          ...match.alternatives.map((a) => ({ words: [...a], source: 'synonym' as const })),
        ]),
        codes: [],
        tee: false,
        negated: token.negated === true,
      });
      i += match.length;
      continue;
    }
    if (token.kind === 'tee') groups.push({ text: 'tê', alternatives: [], codes: [], tee: true, negated: false });
    else groups.push(wordGroup(token, options, endsWithSpace));
    i += 1;
  }

  // A synonym already typed as another word of the query adds nothing but noise
  // ("torneira monocomando": `monocomando` must not be met by any `torneira`).
  const typedKeys = groups.map((g) => new Set(g.alternatives.filter((a) => a.source === 'query').flatMap((a) => a.words.map(singular))));
  groups.forEach((g, gi) => {
    const others = new Set(typedKeys.flatMap((set, i) => (i === gi ? [] : [...set])));
    g.alternatives = g.alternatives.filter((a) => a.source !== 'synonym' || !a.words.every((w) => others.has(singular(w))));
  });

  const seen = new Set<string>();
  const unique = groups.filter((g) => {
    const key = g.tee ? '\u0000tee' : `${g.negated ? '-' : ''}${g.alternatives.map((a) => phraseKey(a.words)).sort().join('|')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { raw, normalized, sizes, groups: unique, empty: unique.length === 0 && sizes.length === 0 };
}
