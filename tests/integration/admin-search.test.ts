/** @jest-environment node */
import path from 'node:path';
import { NextRequest } from 'next/server';
import { and, eq, sql } from 'drizzle-orm';
import { GET as searchRoute } from '@/app/api/products/search/route';
import { toViewer } from '@/lib/auth/viewer';
import { TRADE_VOCABULARY } from '@/lib/search/trade-vocabulary';
import { deleteSynonymAction, dismissSearchLogAction, saveSynonymAction } from '@/server/admin/search-actions';
import { countZeroResultSearches, listSearchLog, testSearch } from '@/server/admin/search';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { ensureReferenceData } from '@/server/db/reference';
import { auditLog, searchLog, searchSynonyms } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { flushSearchLog } from '@/server/search/search-log';
import { setupTestDatabase } from '../helpers/db';

/**
 * Search tuning (issue 13, /admin/search): synonyms edited through the server actions change the
 * shop's search at once (no restart) and removing them reverts it; one-way and two-way groups; the
 * log of searches with few or no results; permissions, audit entries, the stale-version refusal;
 * the shipped vocabulary seeded without overwriting staff edits. Real database (PGlite, or
 * PostgreSQL with DATABASE_URL); only the session and Next's request scope are stood in for.
 * Catalogue: tests/fixtures/catalogue-small.csv (a multilayer pipe, a ball valve, a toilet).
 */
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000' }),
  cookies: async () => ({ get: () => undefined }),
}));

setupTestDatabase();

const viewer = jest.mocked(getViewer);
const editor = toViewer({ id: 'searchEditor_01', email: 'eva.pesquisa@example.pt', fullName: 'Eva Editora' }, 'editor');
const reader = toViewer({ id: 'searchViewer_01', email: 'rui.pesquisa@example.pt', fullName: 'Rui Leitor' }, 'viewer');

interface Body {
  success: boolean;
  data: { product_code: string; name: string }[];
  pagination: { total: number };
}

/** The shop's search API (the listing use case, its cached pages and the log). */
async function shopSearch(text: string): Promise<string[]> {
  const response = await searchRoute(new NextRequest(`http://localhost/api/products/search?q=${encodeURIComponent(text)}&limit=10`));
  expect(response.status).toBe(200);
  const body = (await response.json()) as Body;
  return body.data.map((p) => p.name);
}

async function save(input: Record<string, unknown>) {
  const result = await saveSynonymAction({ active: true, notes: '', targets: '', ...input });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
}

beforeAll(async () => {
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
}, 120_000);

beforeEach(() => viewer.mockResolvedValue(editor));

describe('the shipped vocabulary', () => {
  it('is seeded at start: at least 150 groups covering every chapter, with builtin keys', async () => {
    expect(TRADE_VOCABULARY.length).toBeGreaterThanOrEqual(150);
    expect(new Set(TRADE_VOCABULARY.map((g) => g.key)).size).toBe(TRADE_VOCABULARY.length);
    expect(new Set(TRADE_VOCABULARY.map((g) => g.chapter))).toEqual(new Set([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 200]));
    const db = await getDb();
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms).where(sql`${searchSynonyms.builtinKey} IS NOT NULL`);
    expect(Number(row?.n)).toBe(TRADE_VOCABULARY.length);
  });

  it('finds by the trade words: "pio" the kitchen sinks\' word, "hidropressor" the pressure sets\'', async () => {
    const pio = await testSearch('pio');
    expect(pio.expansions[0]).toEqual(expect.arrayContaining(['pio', 'lava louca']));
    const hidro = await testSearch('hidropressor');
    expect(hidro.expansions[0]).toEqual(expect.arrayContaining(['grupo pressao']));
    expect((await shopSearch('retrete'))[0]).toMatch(/^Sanita/);
  });

  it('never brings back a deleted builtin nor overwrites an edited one when seeded again', async () => {
    const db = await getDb();
    const [edited] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.builtinKey, TRADE_VOCABULARY[0]!.key));
    const [removed] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.builtinKey, TRADE_VOCABULARY[1]!.key));
    await save({ id: edited!.id, version: edited!.version, kind: 'two_way', terms: 'sanita, retrete, sentina' });
    const deleted = await deleteSynonymAction({ id: removed!.id, version: removed!.version });
    expect(deleted.ok).toBe(true);
    await ensureReferenceData(db);
    const [again] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, edited!.id));
    expect(again!.terms).toEqual(['sanita', 'retrete', 'sentina']);
    const [gone] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.builtinKey, TRADE_VOCABULARY[1]!.key));
    expect(gone!.deletedAt).not.toBeNull();
    expect((await shopSearch('sentina'))[0]).toMatch(/^Sanita/);
  });
});

describe('synonyms edited in /admin/search', () => {
  it('change the search at once, and removing one reverts it', async () => {
    expect(await shopSearch('trambolho')).toEqual([]);
    const created = await save({ kind: 'two_way', terms: 'trambolho, sanita' });
    expect(created.created).toBe(true);
    expect(await shopSearch('trambolho')).toEqual(['Sanita suspensa rimless']);
    const removed = await deleteSynonymAction({ id: created.id, version: created.version });
    expect(removed.ok).toBe(true);
    expect(await shopSearch('trambolho')).toEqual([]);
  });

  it('one-way groups find the targets from the terms, not the reverse; two-way groups both ways', async () => {
    const oneWay = await save({ kind: 'one_way', terms: 'geringonça', targets: 'válvula de esfera' });
    expect(await shopSearch('geringonça')).toEqual(['Válvula de esfera em latão F-F']);
    const reverse = await save({ kind: 'one_way', terms: 'sanita', targets: 'tubo multicamada' });
    expect(await shopSearch('sanita')).toEqual(expect.arrayContaining(['Sanita suspensa rimless', 'Tubo multicamada PEX-AL-PEX']));
    expect(await shopSearch('tubo multicamada')).toEqual(['Tubo multicamada PEX-AL-PEX']);
    // The same pair as a two-way group: the pipe now also finds the toilet.
    const both = await save({ id: reverse.id, version: reverse.version, kind: 'two_way', terms: 'sanita, tubo multicamada' });
    expect(both.version).toBe(reverse.version + 1);
    expect(await shopSearch('tubo multicamada')).toEqual(['Tubo multicamada PEX-AL-PEX', 'Sanita suspensa rimless']);
    // Inactive: not used.
    await save({ id: both.id, version: both.version, kind: 'two_way', terms: 'sanita, tubo multicamada', active: false });
    expect(await shopSearch('tubo multicamada')).toEqual(['Tubo multicamada PEX-AL-PEX']);
    await deleteSynonymAction({ id: oneWay.id, version: oneWay.version });
  });

  it('are audited with the fields before and after', async () => {
    const created = await save({ kind: 'one_way', terms: 'torneira de passar', targets: 'válvula de esfera', notes: 'pedido de um cliente' });
    await save({ id: created.id, version: created.version, kind: 'one_way', terms: 'torneira de passar, passadeira', targets: 'válvula de esfera', notes: 'pedido de um cliente' });
    await deleteSynonymAction({ id: created.id, version: created.version + 1 });
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'search_synonym'), eq(auditLog.entityId, String(created.id)))).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries.every((e) => e.actorId === editor.id && e.actorName === 'Eva Editora')).toBe(true);
    expect(entries[1]!.before).toEqual({ terms: 'torneira de passar' });
    expect(entries[1]!.after).toEqual({ terms: 'torneira de passar, passadeira' });
  });

  it('refuse a save over a newer version with the record as it is now', async () => {
    const created = await save({ kind: 'two_way', terms: 'alfa, beta' });
    await save({ id: created.id, version: created.version, kind: 'two_way', terms: 'alfa, beta, gama' });
    const stale = await saveSynonymAction({ id: created.id, version: created.version, kind: 'two_way', terms: 'alfa, delta', targets: '', active: true, notes: '' });
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.error.code).toBe('conflict');
    expect(stale.error.message).toBe('Admin.stale');
    expect(stale.error.data).toMatchObject({ stale: true, version: created.version + 1, current: { terms: 'alfa, beta, gama' } });
  });

  it('answer bad input with the field and a Portuguese message key, never a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'two_way', terms: 'só um' }, 'terms', 'Admin.search.validation.termsTwoWay'],
      [{ kind: 'one_way', terms: 'pio', targets: '' }, 'targets', 'Admin.search.validation.targetsRequired'],
      [{ kind: 'two_way', terms: 'tubo 20, cano' }, 'terms', 'Admin.search.validation.termDigits'],
      [{ kind: 'outro', terms: 'a, b' }, 'kind', 'Admin.search.validation.kindInvalid'],
      [{ kind: 'two_way', terms: `${'x'.repeat(81)}, cano` }, 'terms', 'Admin.search.validation.termTooLong'],
    ];
    for (const [input, field, key] of cases) {
      const result = await saveSynonymAction({ active: true, notes: '', targets: '', ...input });
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'bad_request', fieldErrors: expect.objectContaining({ [field]: [key] }) }) });
    }
    expect((await deleteSynonymAction({ id: 'abc', version: 1 })).ok).toBe(false);
    const missing = await deleteSynonymAction({ id: 999_999, version: 1 });
    expect(missing).toEqual({ ok: false, error: expect.objectContaining({ code: 'not_found' }) });
  });

  it('are refused to a viewer and to a visitor; an editor may', async () => {
    viewer.mockResolvedValue(reader);
    const refused = await saveSynonymAction({ kind: 'two_way', terms: 'um, dois', targets: '', active: true, notes: '' });
    expect(refused).toEqual({ ok: false, error: { code: 'forbidden', message: 'Errors.forbidden' } });
    expect((await deleteSynonymAction({ id: 1, version: 1 })).ok).toBe(false);
    expect(await dismissSearchLogAction({ term: 'x' })).toEqual({ ok: false, error: { code: 'forbidden', message: 'Errors.forbidden' } });
    viewer.mockResolvedValue(null);
    expect(await saveSynonymAction({ kind: 'two_way', terms: 'um, dois', targets: '', active: true, notes: '' })).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Errors.unauthenticated' } });
    viewer.mockResolvedValue(editor);
    const allowed = await saveSynonymAction({ kind: 'two_way', terms: 'um, dois', targets: '', active: true, notes: '' });
    expect(allowed.ok).toBe(true);
  });
});

describe('the log of searches that found nothing or little', () => {
  it('records a zero-result term (count, last seen, results) and not a good search', async () => {
    const db = await getDb();
    await shopSearch('bomba de ouro');
    await flushSearchLog();
    const [first] = await db.select().from(searchLog).where(eq(searchLog.term, 'bomba de ouro'));
    expect(first).toMatchObject({ count: 1, lastResults: 0, sample: 'bomba de ouro' });
    await new Promise((r) => setTimeout(r, 10));
    await shopSearch('Bomba de OURO');
    await shopSearch('válvula de esfera');
    await shopSearch('tubo multicamada');
    await flushSearchLog();
    const [second] = await db.select().from(searchLog).where(eq(searchLog.term, 'bomba de ouro'));
    expect(second!.count).toBe(2);
    expect(second!.lastSeen.getTime()).toBeGreaterThan(first!.lastSeen.getTime());
    // One product found is "little": logged with its count of results. Many is not.
    const [few] = await db.select().from(searchLog).where(eq(searchLog.term, 'valvula de esfera'));
    expect(few?.lastResults).toBe(1);
    const listed = await listSearchLog(1);
    expect(listed.items).toEqual(expect.arrayContaining([expect.objectContaining({ term: 'bomba de ouro', count: 2, lastResults: 0 })]));
    expect(listed.items.map((e) => e.count)).toEqual([...listed.items.map((e) => e.count)].sort((a, b) => b - a));
    expect(await countZeroResultSearches(new Date(Date.now() - 7 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await countZeroResultSearches(new Date(Date.now() + 60_000))).toBe(0);
    // A good search (3 products and more) is not logged.
    await save({ kind: 'one_way', terms: 'tudo junto', targets: 'sanita, tubo, válvula' });
    expect(await shopSearch('tudo junto')).toHaveLength(3);
    await flushSearchLog();
    expect(await db.select().from(searchLog).where(eq(searchLog.term, 'tudo junto'))).toEqual([]);
  });

  it('does not log very long terms, and a dismissed term stays hidden until searched again', async () => {
    const db = await getDb();
    await shopSearch('z'.repeat(150));
    await flushSearchLog();
    const [long] = await db.select({ n: sql<number>`count(*)::int` }).from(searchLog).where(sql`length(${searchLog.term}) > 100`);
    expect(Number(long?.n)).toBe(0);
    const dismissed = await dismissSearchLogAction({ term: 'bomba de ouro' });
    expect(dismissed.ok).toBe(true);
    expect((await listSearchLog(1)).items.map((e) => e.term)).not.toContain('bomba de ouro');
    await new Promise((r) => setTimeout(r, 10));
    await shopSearch('bomba de ouro');
    await flushSearchLog();
    expect((await listSearchLog(1)).items.map((e) => e.term)).toContain('bomba de ouro');
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'search_log'));
    expect(audit).toHaveLength(1);
  });
});
