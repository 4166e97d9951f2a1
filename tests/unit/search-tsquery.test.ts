import {
  asPrefixQuery,
  parseTsQuery,
  parseTsVector,
  rankCd,
  tsMatches,
} from '@/lib/search/tsquery';

/**
 * `vector @@ query` and `ts_rank_cd(vector, query)` evaluated in JavaScript (the in-memory search,
 * server/search/memory.ts) against the answers of PostgreSQL (PGlite 18) for the same values.
 */
const DOCS = [
  "'alta':7B 'banho':14 'bica':6B 'casa':12 'cromado':4B 'de':11,13 'lavatorio':3A,10 'monocomando':2A 'para':9 'torneira':1A,5B,8,15",
  "'banho':3A,8 'banho-duche':2A 'com':11 'conjunto':6 'de':7 'duche':4A,10 'e':9 'kit':1A 'termostatico':5A 'torneira':12",
  "'-63120':2A '5606123034127':3A 'crx':1A 'sanita':4B 'suspensa':5B",
];

// [document, query as PostgreSQL prints it, @@, ts_rank_cd]
const CASES: [number, string, boolean, number][] = [
  [0, "'torneira'", true, 1.6],
  [0, "'torneira':A", true, 1],
  [0, "'torneira':B & 'lavatorio'", true, 0.3177143],
  [0, "'torn':*A", true, 1],
  [0, "'torneira' | 'duche'", true, 1.6],
  [0, "'torneira' & !'bica'", false, 1.4],
  [0, "'banho-duche' <-> 'banho' <-> 'duche'", false, 0],
  [0, "'banho' <-> 'duche'", false, 0],
  [0, "'banho' <2> 'duche'", false, 0],
  [0, "'crx' <-> '-63120'", false, 0],
  [0, "'torneira' & 'lavatorio'", true, 0.85571426],
  [0, "( 'torneira' | 'bica' ) & 'lavatorio' & 'casa'", true, 0.058333334],
  [0, "'sanita' & 'suspensa':B", false, 0],
  [0, "'nada'", false, 0],
  [1, "'torneira'", true, 0.1],
  [1, "'torneira':A", false, 0],
  [1, "'torneira':B & 'lavatorio'", false, 0],
  [1, "'torn':*A", false, 0],
  [1, "'torneira' | 'duche'", true, 1.2],
  [1, "'torneira' & !'bica'", true, 0.1],
  [1, "'banho-duche' <-> 'banho' <-> 'duche'", true, 1],
  [1, "'banho' <-> 'duche'", true, 1],
  [1, "'banho' <2> 'duche'", true, 0.05],
  [1, "'crx' <-> '-63120'", false, 0],
  [1, "'torneira' & 'lavatorio'", false, 0],
  [1, "( 'torneira' | 'bica' ) & 'lavatorio' & 'casa'", false, 0],
  [1, "'sanita' & 'suspensa':B", false, 0],
  [1, "'nada'", false, 0],
  [2, "'torneira'", false, 0],
  [2, "'torneira':A", false, 0],
  [2, "'torneira':B & 'lavatorio'", false, 0],
  [2, "'torn':*A", false, 0],
  [2, "'torneira' | 'duche'", false, 0],
  [2, "'torneira' & !'bica'", false, 0],
  [2, "'banho-duche' <-> 'banho' <-> 'duche'", false, 0],
  [2, "'banho' <-> 'duche'", false, 0],
  [2, "'banho' <2> 'duche'", false, 0],
  [2, "'crx' <-> '-63120'", true, 1],
  [2, "'torneira' & 'lavatorio'", false, 0],
  [2, "( 'torneira' | 'bica' ) & 'lavatorio' & 'casa'", false, 0],
  [2, "'sanita' & 'suspensa':B", true, 0.4],
  [2, "'nada'", false, 0],
];

describe('tsquery and tsvector in JavaScript', () => {
  it.each(CASES)('doc %i, %s: @@ and ts_rank_cd as PostgreSQL', (doc, query, matches, rank) => {
    const vector = parseTsVector(DOCS[doc]!);
    const q = parseTsQuery(query);
    expect(tsMatches(q, vector)).toBe(matches);
    expect(rankCd(q, vector)).toBe(Math.fround(rank));
  });

  it('reads weights, prefixes, phrases and escaped quotes', () => {
    expect(parseTsQuery("'torn':*AB & !( 'a' | 'b' <2> 'c' )")).toEqual({
      kind: 'and',
      left: { kind: 'val', lexeme: 'torn', weights: 0b1100, prefix: true },
      right: {
        kind: 'not',
        arg: {
          kind: 'or',
          left: { kind: 'val', lexeme: 'a', weights: 0, prefix: false },
          right: {
            kind: 'phrase',
            distance: 2,
            left: { kind: 'val', lexeme: 'b', weights: 0, prefix: false },
            right: { kind: 'val', lexeme: 'c', weights: 0, prefix: false },
          },
        },
      },
    });
    expect(parseTsQuery('')).toBeNull();
    expect(parseTsVector("'d''água':1A,3 'x'")).toEqual(
      new Map([
        ["d'água", [1 * 4 + 3, 3 * 4]],
        ['x', []],
      ]),
    );
  });

  it('makes every operand a prefix, as the SQL engine does for the head vector', () => {
    const vector = parseTsVector("'torneira':1A 'monocomando':2B");
    expect(tsMatches(parseTsQuery("'torneir':A"), vector)).toBe(false);
    expect(tsMatches(asPrefixQuery(parseTsQuery("'torneir':A")), vector)).toBe(true);
    expect(tsMatches(asPrefixQuery(parseTsQuery("'monocom':A")), vector)).toBe(false);
  });
});
