import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The next number of `year` from a per-year counter table (`yearCounterColumns` in the schema),
 * taken under the counter row's lock. Call it inside the transaction that uses the number: a
 * rolled-back transaction gives its number back, so numbers have no gaps.
 */
export async function nextYearNumber(tx: DbOrTx, counter: 'order_counters' | 'quote_counters', year: number): Promise<number> {
  const table = sql.identifier(counter);
  const result = (await tx.execute(sql`
      insert into ${table} (year, last) values (${year}, 1)
      on conflict (year) do update set last = ${table}.last + 1
      returning last`)) as unknown as { rows: { last: number }[] };
  return Number(result.rows[0]!.last);
}
