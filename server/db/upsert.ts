import 'server-only';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert (`onConflictDoUpdate`) that takes these columns from the row the insert
 * proposed (`excluded.<column>`): `set: { ...fromExcluded(products, ['name', 'slug']), updatedAt: sql\`now()\` }`.
 */
export function fromExcluded<T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, keys: readonly K[]): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql`excluded.${sql.identifier(columns[key]!.name)}`])) as Record<K, SQL>;
}
