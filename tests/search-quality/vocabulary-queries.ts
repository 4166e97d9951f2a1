/**
 * The `vocabulary` kind of `bench:search-quality` (issue 13): labelled queries written from the
 * trade vocabulary (lib/search/trade-vocabulary.ts) against whatever catalogue is loaded — the
 * demo one or any catalogue in the import format — so the figures hold for a real catalogue too.
 *
 * What a customer types: every term of a group that no product name starts with (the words the
 * catalogue does not use — `pio`, `poliban`, `hidropressor`, `piaçaba`…).
 * Which products are relevant, by meaning: the products whose name *starts* with one of the
 * group's catalogue words (the head noun says what the product is: "Lava-louça …", "Base de
 * duche …"); products that only mention them further on ("Sifão para lava-louça") are partial.
 * When no name starts with them, the products that mention them are the relevant ones
 * ("Tubo PE-RT para piso radiante" for `chão aquecido`). Products named with every word typed are
 * relevant too (the customer's words, whatever the meaning). A group no product matches is skipped:
 * its queries have nothing to find in this catalogue. Relevance never looks at what the engine
 * returns.
 */
import { contentWords } from '@/lib/search/synonyms';
import { singular } from '@/lib/search/normalize';
import type { VocabularyGroup } from '@/lib/search/trade-vocabulary';

export interface CatalogueProduct {
  code: string;
  name: string;
}

export interface VocabularyQuery {
  query: string;
  kind: 'vocabulary';
  relevant: string[];
  partial?: string[];
  note: string;
}

/** At most this many queries per group (the first terms are the commonest). */
const PER_GROUP = 4;

const key = (text: string): string[] => contentWords(text).map(singular);

function startsWith(name: readonly string[], term: readonly string[]): boolean {
  return term.length > 0 && term.length <= name.length && term.every((w, i) => name[i] === w);
}

/** The name is the term's kind of product: it starts with the term's first word and has all its words ("Detetor ótico de fumo" for `detetor de fumo`). */
function headed(name: readonly string[], term: readonly string[]): boolean {
  return term.length > 0 && name[0] === term[0] && term.every((w) => name.includes(w));
}

function contains(name: readonly string[], term: readonly string[]): boolean {
  if (term.length === 0) return false;
  for (let i = 1; i + term.length <= name.length; i++) if (term.every((w, j) => name[i + j] === w)) return true;
  return false;
}

export function vocabularyQueries(products: readonly CatalogueProduct[], groups: readonly VocabularyGroup[]): VocabularyQuery[] {
  const names = products.map((p) => ({ code: p.code, words: key(p.name) }));
  const out: VocabularyQuery[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    // The catalogue's words for the group's meaning: every term of a two-way group; the targets
    // of a one-way group (a catalogue that uses a typed term itself is met by the literal rule below).
    const meaning = (g.kind === 'two_way' ? g.terms : g.targets).map(key).filter((t) => t.length > 0);
    const typed = g.terms.filter((t) => !/\d/.test(t));
    const heads = names.filter((n) => meaning.some((t) => headed(n.words, t)));
    const mentions = names.filter((n) => !heads.includes(n) && meaning.some((t) => contains(n.words, t)));
    const relevant = heads.length ? heads : mentions;
    const partial = heads.length ? mentions : [];
    if (relevant.length === 0) continue;
    let taken = 0;
    for (const term of typed) {
      if (taken >= PER_GROUP) break;
      const k = key(term);
      if (k.length === 0 || seen.has(k.join(' '))) continue;
      // A word the catalogue itself uses as a head is not the customer's word: the other kinds measure it.
      if (names.some((n) => startsWith(n.words, k))) continue;
      seen.add(k.join(' '));
      taken++;
      // Products named with every word typed are what was asked for too ("Depósito hidropressor"
      // for `hidropressor`): the customer's words or the customer's meaning.
      const literal = names.filter((n) => k.every((w) => n.words.includes(w)));
      const rel = new Set([...relevant, ...literal].map((n) => n.code));
      const part = partial.map((n) => n.code).filter((c) => !rel.has(c));
      out.push({
        query: term,
        kind: 'vocabulary',
        relevant: [...rel],
        ...(part.length ? { partial: part } : {}),
        note: `${g.key}: ${g.kind === 'two_way' ? g.terms.join(' = ') : `${g.terms.join(', ')} → ${g.targets.join(', ')}`}`,
      });
    }
  }
  return out;
}
