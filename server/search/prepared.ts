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
const STATEMENTS: Record<string, () => SQL> = {
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
      // Already prepared in this session (42P05): by another copy of this module (Next bundles
      // the route handlers and the pages apart) over the same PGlite. Drizzle wraps the driver's
      // error in its own, with the driver's as the cause.
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code !== '42P05') throw err;
    }
    done.add(name);
  }
  const result = await db.execute<T>(sql.raw(`EXECUTE ${name}(${args.join(', ')})`));
  return result.rows as T[];
}
