/**
 * Helper of scripts/chaos-orders.mjs with CHAOS_DB=pglite: the embedded database can be opened by
 * one process at a time, so the chaos script asks its questions while the server is stopped, through
 * this script (run with the server's module conditions, DATA_DIR of the run, no DATABASE_URL).
 *
 *   node --conditions=react-server --import tsx scripts/chaos-db.ts query '<sql>' ['<sql>'…]
 *     prints one JSON line: the rows of each statement, in order.
 *   node --conditions=react-server --import tsx scripts/chaos-db.ts check
 *     opens the data folder and checks every B-tree index of the public and pgboss schemas (not
 *     the parents of partitioned indexes, which hold no entries) against its table (amcheck's bt_index_check with heapallindexed); prints one JSON line
 *     { indexes, corrupt: [...], openMs }.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { sql } from 'drizzle-orm';
import { dataDir, env } from '@/lib/env';
import { PGLITE_EXTENSIONS, openConfiguredDatabase } from '@/server/db/client';

async function query(statements: string[]): Promise<void> {
  const database = await openConfiguredDatabase();
  try {
    const results: unknown[] = [];
    for (const statement of statements) results.push((await database.db.execute(sql.raw(statement))).rows);
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } finally {
    await database.close();
  }
}

async function check(): Promise<void> {
  if (env().DATABASE_URL) throw new Error('check: only for the embedded database (no DATABASE_URL)');
  const started = performance.now();
  // The server's own lock is not taken here: the chaos script runs this only when the server is down.
  const client = await PGlite.create(path.join(dataDir(), 'pglite', 'pgdata'), { extensions: { ...PGLITE_EXTENSIONS, amcheck } });
  const openMs = Math.round(performance.now() - started);
  try {
    await client.exec('create extension if not exists amcheck');
    const { rows } = await client.query<{ name: string; oid: number }>(`
      select c.relname as name, c.oid::int as oid
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'btree' and c.relkind = 'i' and n.nspname in ('public', 'pgboss') and i.indisvalid`);
    const corrupt: string[] = [];
    for (const index of rows) {
      try {
        await client.query('select bt_index_check($1::regclass, true)', [index.oid]);
      } catch (err) {
        corrupt.push(`${index.name}: ${err instanceof Error ? err.message : err}`);
      }
    }
    await client.exec('drop extension amcheck');
    process.stdout.write(`${JSON.stringify({ indexes: rows.length, corrupt, openMs })}\n`);
  } finally {
    await client.close();
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'query' && rest.length) return query(rest);
  if (command === 'check') return check();
  throw new Error("uso: chaos-db.ts query '<sql>' … | check");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
