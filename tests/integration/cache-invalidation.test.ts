/** @jest-environment node */
import { cacheInvalidations } from '@/server/db/schema';
import { invalidateCache, lastInvalidated } from '@/server/cache/invalidate';
import { pollCacheInvalidations } from '@/server/cache/poller';
import { CATALOGUE_WIDE_TAGS, cacheTags } from '@/server/cache/tags';
import { importCatalogueRows } from '@/server/import';
import { readCsvText } from '@/server/import/read';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();
const db = () => handle.current().db;

const CSV = `chapter_code;family_code;family_title;product_id;product_name;model_code;price
10;10-010;Louça Sanitária;P-1;Sanita suspensa;M-1;199,90
`;

describe('the shared cache-invalidation log', () => {
  it('records what a write touched, and expires it at once in this process', async () => {
    const before = Date.now();
    await invalidateCache([cacheTags.product('P-1'), cacheTags.family('10-010')], { db: db(), reason: 'test' });
    const rows = await db().select().from(cacheInvalidations);
    expect(rows.at(-1)).toMatchObject({ tags: ['product:P-1', 'family:10-010'], reason: 'test' });
    expect(lastInvalidated([cacheTags.product('P-1')])).toBeGreaterThanOrEqual(before);
    expect(lastInvalidated(['product:never-touched'])).toBe(0);
  });

  it('lets another server instance see an import made elsewhere on its next poll', async () => {
    // This "instance" has read the log up to now.
    let seen = await pollCacheInvalidations(db(), 0);
    const read = readCsvText(CSV);
    const cachedAt = Date.now();
    // "Another process" imports: the log gets the catalogue-wide tags in the same database.
    const result = await importCatalogueRows(db(), read.rows);
    expect(result.ok).toBe(true);
    const [last] = (await db().select().from(cacheInvalidations)).slice(-1);
    expect(last!.tags).toEqual(expect.arrayContaining([...CATALOGUE_WIDE_TAGS]));
    expect(last!.reason).toBe('import');
    // The poll applies it: anything cached before the import is now stale.
    seen = await pollCacheInvalidations(db(), seen);
    expect(seen).toBe(last!.id);
    expect(lastInvalidated([cacheTags.catalogue])).toBeGreaterThanOrEqual(cachedAt);
    expect(lastInvalidated([cacheTags.navigation])).toBeGreaterThanOrEqual(cachedAt);
    // A poll with nothing new changes nothing.
    expect(await pollCacheInvalidations(db(), seen)).toBe(seen);
  });
});
