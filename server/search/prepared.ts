import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { summaryJoinsSql, summarySelectSql } from '@/server/catalogue/products';
import type { Db } from '@/server/db/client';

/**
 * The statements of an in-memory search (server/search/memory.ts), prepared once per
 * PGlite session: PGlite parses and plans every statement in WebAssembly, a few milliseconds for
 * a join of four tables, while `EXECUTE` of a prepared statement reuses its plan. (PGlite only:
 * on PostgreSQL a pool's connections would each need their own.)
 */
/**
 * The trigram fallback of a search with `n` words (engine.ts `fuzzyIds`, relevance order, no
 * filters): `$1 … $n` the words, then limit and offset; rows as `pageSql` answers them.
 */
function fuzzyStatement(n: number): SQL {
  const words = Array.from({ length: n }, (_, i) => sql.raw(`$${i + 1}::text`));
  const name = sql`immutable_unaccent(lower(products.name))`;
  const order = sql`r.score DESC, length(r.name), r.id`;
  return sql`PREPARE ${sql.raw(`cag_search_fuzzy_${n}`)}(${sql.raw(Array.from({ length: n }, () => 'text').join(', '))}, int, int) AS
    SELECT top.ord, top.total, ${summarySelectSql}
    FROM (SELECT r.id, row_number() OVER (ORDER BY ${order}) AS ord, count(*) OVER () AS total
          FROM (SELECT products.id, products.name, (${sql.join(words.map((w) => sql`word_similarity(${w}, ${name})`), sql` + `)}) AS score
                FROM products JOIN families ON families.id = products.family_id
                WHERE products.active AND (${sql.join(words.map((w) => sql`${w} <% ${name}`), sql` OR `)})) AS r
          ORDER BY ${order} LIMIT ${sql.raw(`$${n + 1}`)} OFFSET ${sql.raw(`$${n + 2}`)}) AS top
    JOIN products ON products.id = top.id ${summaryJoinsSql}
    ORDER BY top.ord`;
}

export const MAX_FUZZY_WORDS = 4;

const STATEMENTS: Record<string, () => SQL> = {
  ...Object.fromEntries(Array.from({ length: MAX_FUZZY_WORDS }, (_, i) => [`cag_search_fuzzy_${i + 1}`, () => fuzzyStatement(i + 1)])),
  /** `to_tsquery` of each query text, as text, in order. */
  cag_search_tsqueries: () => sql`PREPARE cag_search_tsqueries(text[]) AS
    SELECT array_agg(to_tsquery('pt_unaccent'::regconfig, t)::text ORDER BY n) AS queries
    FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n)`,
  /** The summaries of a page of product ids, in their order. */
  cag_search_summaries: () => sql`PREPARE cag_search_summaries(int[]) AS
    SELECT top.ord, ${summarySelectSql}
    FROM unnest($1::int[]) WITH ORDINALITY AS top(id, ord)
    JOIN products ON products.id = top.id ${summaryJoinsSql}
    ORDER BY top.ord`,
};

const prepared = new WeakMap<Db, Set<string>>();

/** A text as an SQL string literal (standard_conforming_strings: only quotes are doubled). */
export function textLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** `EXECUTE name(args)`, preparing the statement first in this session; `args` are SQL literals. */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db,
  name: keyof typeof STATEMENTS,
  args: string[],
): Promise<T[]> {
  let done = prepared.get(db);
  if (!done) prepared.set(db, (done = new Set()));
  if (!done.has(name)) {
    try {
      const statement = STATEMENTS[name];
      if (!statement) throw new Error(`unknown prepared statement ${name}`);
      await db.execute(statement());
    } catch (err) {
      // Already prepared in this session (42P05).
      if ((err as { code?: string }).code !== '42P05') throw err;
    }
    done.add(name);
  }
  const result = await db.execute<T>(sql.raw(`EXECUTE ${name}(${args.join(', ')})`));
  return result.rows as T[];
}
