/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { executePrepared } from '@/server/search/prepared';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

// Next bundles route handlers and pages apart, so two copies of server/search/prepared.ts share
// one PGlite session: the second copy finds the statement already prepared and must use it.
describe('prepared search statements (PGlite)', () => {
  it('uses a statement another copy of the module already prepared in the session', async () => {
    const { db, driver } = handle.current();
    if (driver !== 'pglite') return;
    await db.execute(sql`PREPARE cag_search_tsqueries(text[]) AS
      SELECT array_agg(to_tsquery('pt_unaccent'::regconfig, t)::text ORDER BY n) AS queries
      FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n)`);
    const rows = await executePrepared<{ queries: string[] }>(db, 'cag_search_tsqueries', ["ARRAY['torneiras']::text[]"]);
    expect(rows[0]?.queries).toEqual(["'torneir'"]);
  });
});
