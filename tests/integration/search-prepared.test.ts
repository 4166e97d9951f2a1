/** @jest-environment node */
import path from 'node:path';
import { getDb } from '@/server/db/client';
import { importCatalogueFile } from '@/server/import';
import { searchProducts } from '@/server/search/engine';
import { setupTestDatabase } from '../helpers/db';

/**
 * The statements an in-memory search prepares once per PGlite session (server/search/prepared.ts),
 * under the first searches of a fresh server arriving together — what `npm run fuzz` found: the
 * second PREPARE failed, and every later search of the process failed with it (a 500 on every
 * search page until a restart).
 */
setupTestDatabase();

const search = (q: string) => searchProducts({ q, limit: 10, offset: 0, sort: 'relevance', order: 'desc' });

beforeAll(async () => {
  const file = path.join(process.cwd(), 'tests', 'fixtures', 'catalogue-small.csv');
  const result = await importCatalogueFile(await getDb(), file);
  expect(result.ok).toBe(true);
});

it('the first searches of a process at once all answer, and so do the ones after', async () => {
  const first = await Promise.all(['tubo multicamada', 'pex', 'tubo 20x2', 'multicamada rolo'].map(search));
  expect(first.map((page) => page.items.length > 0)).toEqual([true, true, true, true]);
  const later = await search('tubo');
  expect(later.items.length).toBeGreaterThan(0);
});

it('a NUL in the query is dropped, not a failed statement', async () => {
  const page = await search('tubo\u0000 multicamada');
  expect(page.items.length).toBeGreaterThan(0);
});
