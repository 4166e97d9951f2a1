/**
 * PostgreSQL full-text values in JavaScript: the text forms of `tsvector` and `tsquery` (as
 * PostgreSQL prints them) parsed, and `vector @@ query` evaluated with PostgreSQL's rules
 * (weights, prefixes, phrases), so that the in-memory search (server/search/memory.ts) decides
 * exactly what the SQL engine decides. The stems come from PostgreSQL itself (`to_tsquery`,
 * `to_tsvector`): nothing here knows Portuguese. Pure.
 */

/** Weight letters as PostgreSQL numbers them: D 0, C 1, B 2, A 3. */
const WEIGHT_INDEX: Record<string, number> = { D: 0, C: 1, B: 2, A: 3 };
/** `ts_rank_cd`'s default weights, by weight number (D, C, B, A). */
export const DEFAULT_RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

/** The positions of a lexeme in a document, each `position * 4 + weight`, ascending. */
export type Positions = readonly number[] | Uint16Array;

/**
 * A document: lexeme → its positions (`parseTsVector` gives a Map; the in-memory index answers
 * the same from its posting lists).
 */
export interface TsVector {
  get(lexeme: string): Positions | undefined;
  [Symbol.iterator](): Iterator<[string, Positions]>;
  /** The lexemes that start with `prefix` (when the document can list them faster than a walk). */
  withPrefix?(prefix: string): Iterable<[string, Positions]>;
}

export type TsQuery =
  | {
      kind: 'val';
      lexeme: string;
      /** Bit `1 << weight` per allowed weight; 0 = any. */ weights: number;
      prefix: boolean;
    }
  | { kind: 'not'; arg: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { kind: 'phrase'; distance: number; left: TsQuery; right: TsQuery };

/** A query this module cannot evaluate exactly (a phrase over `&`, `|` or `!`). */
export class UnsupportedQueryError extends Error {
  override name = 'UnsupportedQueryError';
}

/**
 * Whether `err` is an UnsupportedQueryError, also one thrown by another copy of this module (Next
 * bundles route handlers and pages apart; the search index they share carries one bundle's code).
 */
export function isUnsupportedQuery(err: unknown): boolean {
  return err instanceof UnsupportedQueryError || (err instanceof Error && err.name === 'UnsupportedQueryError');
}

function readQuoted(text: string, start: number): { value: string; end: number } {
  // PostgreSQL doubles quotes and backslashes inside a quoted lexeme.
  let value = '';
  let i = start + 1;
  for (;;) {
    const ch = text[i];
    if (ch === undefined) throw new SyntaxError(`unterminated lexeme in ${text}`);
    if (ch === "'" && text[i + 1] === "'") {
      value += "'";
      i += 2;
    } else if (ch === '\\' && text[i + 1] !== undefined) {
      value += text[i + 1];
      i += 2;
    } else if (ch === "'") {
      return { value, end: i + 1 };
    } else {
      value += ch;
      i += 1;
    }
  }
}

/** Parses the text of a `tsvector` (`'lexeme':1A,2 'other':3B`). */
export function parseTsVector(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  scanTsVector(text, (lexeme, _weights, positions) => out.set(lexeme, positions));
  return out;
}

/**
 * Reads the text of a `tsvector` lexeme by lexeme, without building a map: each lexeme with the
 * weights of its positions (bits `1 << weight`) and its positions (`position * 4 + weight`).
 */
export function scanTsVector(
  text: string,
  each: (lexeme: string, weights: number, positions: number[]) => void,
): void {
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new SyntaxError(`unexpected ${text[i]} in tsvector`);
    const { value, end } = readQuoted(text, i);
    i = end;
    let weights = 0;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let position = 0;
        while (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57)
          position = position * 10 + text.charCodeAt(i++) - 48;
        const weight = WEIGHT_INDEX[text[i] ?? ''] ?? 0;
        if (WEIGHT_INDEX[text[i] ?? ''] !== undefined) i++;
        weights |= 1 << weight;
        positions.push(position * 4 + weight);
        if (text[i] !== ',') break;
        i++;
      }
    }
    each(value, weights, positions);
  }
}

type Token =
  | { t: 'val'; node: TsQuery }
  | { t: 'op'; op: '&' | '|' | '!' | '(' | ')' }
  | { t: 'phrase'; distance: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ') {
      i++;
    } else if (ch === "'") {
      const { value, end } = readQuoted(text, i);
      i = end;
      let weights = 0;
      let prefix = false;
      if (text[i] === ':') {
        i++;
        for (;;) {
          const c = text[i] ?? '';
          if (c === '*') prefix = true;
          else if (WEIGHT_INDEX[c] !== undefined) weights |= 1 << WEIGHT_INDEX[c]!;
          else break;
          i++;
        }
      }
      tokens.push({ t: 'val', node: { kind: 'val', lexeme: value, weights, prefix } });
    } else if (ch === '<') {
      const m = /^<(\d*|-)>/.exec(text.slice(i, i + 8));
      if (!m) throw new SyntaxError(`bad phrase operator in ${text}`);
      tokens.push({ t: 'phrase', distance: m[1] === '-' ? 1 : Number(m[1]) });
      i += m[0].length;
    } else if (ch === '&' || ch === '|' || ch === '!' || ch === '(' || ch === ')') {
      tokens.push({ t: 'op', op: ch });
      i++;
    } else {
      throw new SyntaxError(`unexpected ${ch} in tsquery ${text}`);
    }
  }
  return tokens;
}

/** Parses the text of a `tsquery` as PostgreSQL prints it; null for the empty query. */
export function parseTsQuery(text: string): TsQuery | null {
  const tokens = tokenize(text);
  if (tokens.length === 0) return null;
  let at = 0;
  // Priorities as in PostgreSQL: | < & < <-> < !
  /** A left-associative chain of one binary operator over the next level's operands. */
  const chain = (op: '|' | '&', kind: 'or' | 'and', operand: () => TsQuery) => (): TsQuery => {
    let left = operand();
    while (tokens[at]?.t === 'op' && (tokens[at] as { op: string }).op === op) {
      at++;
      left = { kind, left, right: operand() };
    }
    return left;
  };
  const parseAnd = chain('&', 'and', () => parsePhrase());
  const parseOr = chain('|', 'or', parseAnd);
  const parsePhrase = (): TsQuery => {
    let left = parseUnary();
    while (tokens[at]?.t === 'phrase') {
      const distance = (tokens[at] as { distance: number }).distance;
      at++;
      left = { kind: 'phrase', distance, left, right: parseUnary() };
    }
    return left;
  };
  const parseUnary = (): TsQuery => {
    const token = tokens[at++];
    if (!token) throw new SyntaxError(`unexpected end of tsquery ${text}`);
    if (token.t === 'val') return token.node;
    if (token.t === 'op' && token.op === '!') return { kind: 'not', arg: parseUnary() };
    if (token.t === 'op' && token.op === '(') {
      const inner = parseOr();
      const close = tokens[at++];
      if (close?.t !== 'op' || close.op !== ')')
        throw new SyntaxError(`missing ) in tsquery ${text}`);
      return inner;
    }
    throw new SyntaxError(`unexpected token in tsquery ${text}`);
  };
  const query = parseOr();
  if (at !== tokens.length) throw new SyntaxError(`trailing tokens in tsquery ${text}`);
  return query;
}

/** The query with every operand a prefix (`'torneir':A` → `'torneir':*A`), as the SQL engine's regexp does. */
export function asPrefixQuery(query: TsQuery | null): TsQuery | null {
  if (!query) return null;
  switch (query.kind) {
    case 'val':
      return { ...query, prefix: true };
    case 'not':
      return { kind: 'not', arg: asPrefixQuery(query.arg)! };
    default:
      return { ...query, left: asPrefixQuery(query.left)!, right: asPrefixQuery(query.right)! };
  }
}

/** The operands of a query, left to right. */
export function queryOperands(
  query: TsQuery | null,
  out: Extract<TsQuery, { kind: 'val' }>[] = [],
): Extract<TsQuery, { kind: 'val' }>[] {
  if (!query) return out;
  if (query.kind === 'val') out.push(query);
  else if (query.kind === 'not') queryOperands(query.arg, out);
  else {
    queryOperands(query.left, out);
    queryOperands(query.right, out);
  }
  return out;
}

/** The positions (`position * 4 + weight`) of the document's entries an operand matches. */
function operandEntries(
  op: Extract<TsQuery, { kind: 'val' }>,
  doc: TsVector,
  each: (lexeme: string, positions: Positions) => void,
): void {
  if (!op.prefix) {
    const positions = doc.get(op.lexeme);
    if (positions) each(op.lexeme, positions);
    return;
  }
  if (doc.withPrefix)
    for (const [lexeme, positions] of doc.withPrefix(op.lexeme)) each(lexeme, positions);
  else
    for (const [lexeme, positions] of doc)
      if (lexeme.startsWith(op.lexeme)) each(lexeme, positions);
}

const weightAllowed = (op: { weights: number }, entry: number) =>
  op.weights === 0 || (op.weights & (1 << (entry & 3))) !== 0;

function operandMatches(op: Extract<TsQuery, { kind: 'val' }>, doc: TsVector): boolean {
  let found = false;
  operandEntries(op, doc, (_lexeme, positions) => {
    if (found) return;
    // A lexeme stored without positions matches only when the operand asks for no weight.
    if (positions.length === 0) found = op.weights === 0;
    else for (const e of positions) if (weightAllowed(op, e)) found = true;
  });
  return found;
}

/** End positions (ascending, no repeats) and width where a phrase (or operand) matches. */
function phrasePositions(query: TsQuery, doc: TsVector): { ends: number[]; width: number } {
  if (query.kind === 'val') {
    let ends: number[] = [];
    let lists = 0;
    operandEntries(query, doc, (_lexeme, positions) => {
      lists++;
      for (const e of positions) if (weightAllowed(query, e)) ends.push(e >> 2);
    });
    // One lexeme's positions are ascending; a prefix may gather several lexemes.
    if (lists > 1) ends = [...new Set(ends)].sort((a, b) => a - b);
    return { ends, width: 0 };
  }
  if (query.kind !== 'phrase') throw new UnsupportedQueryError('phrase over a boolean operator');
  const left = phrasePositions(query.left, doc);
  const right = phrasePositions(query.right, doc);
  // The right side's ends whose start is `distance` after one of the left side's ends.
  const shift = right.width + query.distance;
  const ends: number[] = [];
  let i = 0;
  for (const p of right.ends) {
    while (i < left.ends.length && left.ends[i]! < p - shift) i++;
    if (i < left.ends.length && left.ends[i] === p - shift) ends.push(p);
  }
  return { ends, width: left.width + query.distance + right.width };
}

/** `doc @@ query` (false for the empty query, as PostgreSQL answers). */
export function tsMatches(query: TsQuery | null, doc: TsVector): boolean {
  if (!query) return false;
  switch (query.kind) {
    case 'val':
      return operandMatches(query, doc);
    case 'and':
      return tsMatches(query.left, doc) && tsMatches(query.right, doc);
    case 'or':
      return tsMatches(query.left, doc) || tsMatches(query.right, doc);
    case 'not':
      return !tsMatches(query.arg, doc);
    case 'phrase':
      return phrasePositions(query, doc).ends.length > 0;
  }
}

/**
 * An upper bound of `ts_rank_cd(doc, query)` with the default weights and no normalisation:
 * every cover adds at most the largest weight among its entries (the harmonic mean of their
 * weights, divided by 1 + its noise words), and covers start at distinct entries, so the rank is
 * at most (matched entries) × (largest matched weight).
 */
export function rankCdUpperBound(query: TsQuery | null, doc: TsVector): number {
  return rankCdBound(query)(doc);
}

/** `rankCdUpperBound` of one query, for many documents. */
export function rankCdBound(query: TsQuery | null): (doc: TsVector) => number {
  const operands = queryOperands(query);
  if (operands.every((op) => !op.prefix && op.weights === 0)) {
    const lexemes = [...new Set(operands.map((op) => op.lexeme))];
    return (doc) => {
      let entries = 0;
      let maxWeight = 0;
      for (const lexeme of lexemes) {
        const positions = doc.get(lexeme);
        if (!positions) continue;
        entries += positions.length;
        for (const e of positions) maxWeight = Math.max(maxWeight, DEFAULT_RANK_WEIGHTS[e & 3]!);
      }
      return entries * maxWeight;
    };
  }
  return (doc) => generalRankBound(operands, doc);
}

function generalRankBound(operands: Extract<TsQuery, { kind: 'val' }>[], doc: TsVector): number {
  const entries = new Set<string>();
  let maxWeight = 0;
  for (const op of operands) {
    operandEntries(op, doc, (lexeme, positions) => {
      for (const e of positions) {
        if (!weightAllowed(op, e)) continue;
        entries.add(`${e >> 2}\u0000${lexeme}`);
        maxWeight = Math.max(maxWeight, DEFAULT_RANK_WEIGHTS[e & 3]!);
      }
    });
  }
  return entries.size * maxWeight;
}

// ---------------------------------------------------------------------------------------------
// ts_rank_cd

/** The default weights as PostgreSQL holds them (float4), inverted in double precision. */
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((w) => 1 / Math.fround(w));

type Operand = Extract<TsQuery, { kind: 'val' }>;

/** One entry of the document representation: a position (with its weight) of a lexeme, and the operands it satisfies. */
interface RankEntry {
  pos: number;
  weight: number;
  lexeme: string;
  operands: Operand[];
}

const byCodePoints = (a: string, b: string): number => {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
};

/**
 * `ts_rank_cd(doc, query)` with the default weights and no normalisation, as PostgreSQL computes
 * it (float4): the document's positions of the query's operands in order, then every cover (a
 * shortest stretch that satisfies the query, found forward then backward as PostgreSQL does)
 * adds the harmonic mean of its entries' weights divided by 1 + its noise words.
 */
export function rankCd(query: TsQuery | null, doc: TsVector): number {
  const operands = queryOperands(query);
  if (!query || operands.length === 0) return 0;
  const raw: RankEntry[] = [];
  for (const op of operands) {
    operandEntries(op, doc, (lexeme, positions) => {
      for (const e of positions)
        if (weightAllowed(op, e)) raw.push({ pos: e >> 2, weight: e & 3, lexeme, operands: [op] });
    });
  }
  if (raw.length === 0) return 0;
  raw.sort((a, b) => a.pos - b.pos || a.weight - b.weight || byCodePoints(a.lexeme, b.lexeme));
  // One entry per position, weight and lexeme, with every operand it satisfies.
  const entries: RankEntry[] = [];
  for (const e of raw) {
    const last = entries[entries.length - 1];
    if (last && last.pos === e.pos && last.weight === e.weight && last.lexeme === e.lexeme)
      last.operands.push(...e.operands);
    else entries.push({ ...e, operands: [...e.operands] });
  }

  /** Positions recorded per operand while a stretch is scanned (ascending). */
  let seen = new Map<Operand, number[]>();
  const record = (entry: RankEntry, backward: boolean) => {
    for (const op of entry.operands) {
      const list = seen.get(op);
      if (!list) seen.set(op, [entry.pos]);
      else if (backward ? list[0] !== entry.pos : list[list.length - 1] !== entry.pos) {
        if (backward) list.unshift(entry.pos);
        else list.push(entry.pos);
      }
    }
  };
  const satisfied = (q: TsQuery): boolean => {
    switch (q.kind) {
      case 'val':
        return seen.has(q);
      case 'and':
        return satisfied(q.left) && satisfied(q.right);
      case 'or':
        return satisfied(q.left) || satisfied(q.right);
      case 'not':
        return !satisfied(q.arg);
      case 'phrase':
        return coverPhrase(q).ends.size > 0;
    }
  };
  const coverPhrase = (q: TsQuery): { ends: Set<number>; width: number } => {
    if (q.kind === 'val') return { ends: new Set(seen.get(q) ?? []), width: 0 };
    if (q.kind !== 'phrase') throw new UnsupportedQueryError('phrase over a boolean operator');
    const left = coverPhrase(q.left);
    const right = coverPhrase(q.right);
    const ends = new Set<number>();
    for (const p of right.ends) if (left.ends.has(p - right.width - q.distance)) ends.add(p);
    return { ends, width: left.width + q.distance + right.width };
  };

  let from = 0;
  let total = 0;
  for (;;) {
    // A cover: the first entry from `from` where the query is met, then back to where it starts.
    let end = -1;
    while (from < entries.length) {
      seen = new Map();
      end = -1;
      for (let i = from; i < entries.length; i++) {
        record(entries[i]!, false);
        if (satisfied(query)) {
          end = i;
          break;
        }
      }
      if (end < 0) return Math.fround(total);
      seen = new Map();
      let begin = -1;
      for (let i = end; i >= from; i--) {
        record(entries[i]!, true);
        if (satisfied(query)) {
          begin = i;
          break;
        }
      }
      const p = begin >= 0 ? entries[begin]!.pos : Infinity;
      const q = entries[end]!.pos;
      if (p <= q) {
        let inverseSum = 0;
        for (let i = begin; i <= end; i++) inverseSum += INVERSE_WEIGHTS[entries[i]!.weight]!;
        const count = end - begin + 1;
        let noise = q - p - (end - begin);
        if (noise < 0) noise = Math.trunc((end - begin) / 2);
        total += count / inverseSum / (1 + noise);
        from = begin + 1;
        break;
      }
      from += 1;
    }
    if (from >= entries.length) return Math.fround(total);
  }
}
