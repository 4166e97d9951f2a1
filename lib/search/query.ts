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
/**
 * Bounded cost: a query is at most this many words (codes, numbers, the `tê`; stop words do not
 * count); the words after them are left out. Every word is one more condition of the ranking
 * statement: 45 short unknown words took seconds, and PGlite runs one statement at a time.
 */
export const MAX_QUERY_WORDS = 10;
/** At most this many sizes (`1/2"`, `16x2`) of a query are matched; the others are left out. */
export const MAX_QUERY_SIZES = 4;
/** Alternatives added to the words typed (completions, corrections, synonyms), for the whole query. */
export const MAX_QUERY_EXPANSIONS = 40;
/**
 * The second pass (products missing one of the words) runs for queries of at most this many
 * groups: "all the words but one" of a long query says little and costs a statement per word.
 */
export const RELAXED_MAX_GROUPS = 6;
/** The trigram fallback looks for the first this-many words of 4 letters or more. */
export const FUZZY_MAX_WORDS = 4;

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
  /**
   * Time guard (`performance.now()` value): once passed, the remaining words are searched as
   * typed, without completions or corrections (each correction scans the vocabulary).
   */
  deadline?: number;
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

/** What is left of a query's expansions (`MAX_QUERY_EXPANSIONS`) and of its time. */
interface ExpansionBudget {
  left: number;
  deadline?: number;
}

function canExpand(budget: ExpansionBudget): boolean {
  return budget.left > 0 && (budget.deadline === undefined || performance.now() < budget.deadline);
}

/** Spends the budget on `list` (in order) and returns what fits. */
function spend<T>(budget: ExpansionBudget, list: readonly T[]): T[] {
  const taken = list.slice(0, Math.max(0, budget.left));
  budget.left -= taken.length;
  return taken;
}

function wordGroup(token: Token, options: ParseOptions, endsWithSpace: boolean, budget: ExpansionBudget): TermGroup {
  const alternatives: Alternative[] = [{ words: [token.text], source: 'query' }];
  const vocabulary = options.vocabulary;
  if (token.kind === 'word' && vocabulary && canExpand(budget) && !isKnown(token.text, vocabulary)) {
    // Abbreviations (`valv esf`) and the word being typed: complete with known words.
    const typing = options.completeLastWord && token.last && !endsWithSpace;
    if (token.text.length >= 3 || (typing && token.text.length >= 2)) {
      for (const w of spend(budget, vocabulary.withPrefix(token.text, typing ? 8 : 6))) alternatives.push({ words: [w], source: 'prefix' });
    }
    if (canExpand(budget)) for (const w of spend(budget, vocabulary.corrections(token.text))) alternatives.push({ words: [w], source: 'typo' });
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
  const extracted = extractSizes(normalized);
  const sizes = extracted.sizes.slice(0, MAX_QUERY_SIZES);
  const tokens = tokenize(extracted.rest, options.vocabulary).slice(0, MAX_QUERY_WORDS);
  const budget: ExpansionBudget = { left: MAX_QUERY_EXPANSIONS, deadline: options.deadline };

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
          ...spend(budget, match.alternatives).map((a) => ({ words: [...a], source: 'synonym' as const })),
        ]),
        codes: [],
        tee: false,
        negated: token.negated === true,
      });
      i += match.length;
      continue;
    }
    if (token.kind === 'tee') groups.push({ text: 'tê', alternatives: [], codes: [], tee: true, negated: false });
    else groups.push(wordGroup(token, options, endsWithSpace, budget));
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
