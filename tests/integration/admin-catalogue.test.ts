/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { GET as exportGet, POST as importPost } from '@/app/api/admin/catalogue/route';
import { GET as changesGet } from '@/app/api/admin/catalogue/changes/route';
import { POST as previewPost } from '@/app/api/admin/catalogue/preview/route';
import ChangeLogsPage from '@/app/admin/(console)/catalogue-management/change-logs/page';
import CatalogueManagementPage from '@/app/admin/(console)/catalogue-management/page';
import ReprintReportPage from '@/app/admin/(console)/catalogue-management/reprint-report/page';
import { resetEnvCache } from '@/lib/env';
import type { ImportPreview, ImportReport } from '@/lib/admin/catalogue-import';
import { formatCataloguePrice } from '@/lib/admin/catalogue';
import { listCatalogueChanges } from '@/server/catalogue/change-log';
import { confirmCatalogueImportAction, markReprintedAction } from '@/server/catalogue/management-actions';
import { countChangesSinceLastPrint, getReprintReport, markChaptersReprinted } from '@/server/catalogue/reprint';
import { getDb } from '@/server/db/client';
import { auditLog, brands, catalogueChanges, catalogueUploads, families, inventoryProducts, products } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { exportCatalogueRows, toCsv, toXlsx } from '@/server/import/export';
import { readCsvText } from '@/server/import/read';
import type { RawCatalogueRow } from '@/server/import/format';
import { setStorage, filesystemStorage } from '@/server/storage';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, catalogue side: /admin/catalogue-management's import in two steps (preview without
 * writing, then "Confirmar importação" of exactly that file), the change log recorded by imports,
 * its filters, the reprint report's baselines and the permissions of every page, route and action.
 * Only Next's request scope (next/headers) is stood in for: each call gets the session cookie a
 * browser would send.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let editor: Session & { userId: string };
let viewer: Session & { userId: string };
let storageDir: string;
let ip = 0;

function as(session: Session | null, path = '/admin/catalogue-management') {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++ip % 250) + 1}`);
  mockRequestHeaders.set('x-shop-path', path);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

function csvForm(text: string, name = 'catalogo.csv'): FormData {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/csv' }));
  return form;
}

async function catalogueRows(): Promise<RawCatalogueRow[]> {
  return exportCatalogueRows(await getDb());
}

async function tableCount(table: typeof products | typeof inventoryProducts | typeof families | typeof brands | typeof catalogueChanges) {
  const [row] = await (await getDb()).select({ n: count() }).from(table);
  return row!.n;
}

async function preview(session: Session, text: string, name?: string) {
  return call<{ success: boolean; data: ImportPreview | ImportReport; message: string }>(previewPost, 'POST', '/api/admin/catalogue/preview', { session, body: csvForm(text, name) });
}

const price = (rows: RawCatalogueRow[], model: string) => rows.find((r) => r.model_code === model)!.price;

beforeAll(async () => {
  env.FULL_FEATURE_HOSTS = 'localhost';
  resetEnvCache();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-catalogue-storage-'));
  setStorage(filesystemStorage(storageDir));
  const result = await importCatalogueFile(await getDb(), path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  editor = await signedInAccount({ email: 'editora.catalogo@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  viewer = await signedInAccount({ email: 'leitor.catalogo@example.pt', fullName: 'Luís Leitor', role: 'viewer', isAdmin: false, userType: 'particular' });
}, 120_000);

afterAll(() => {
  setStorage(undefined);
  fs.rmSync(storageDir, { recursive: true, force: true });
  delete env.FULL_FEATURE_HOSTS;
  resetEnvCache();
});

describe('catalogue import from the admin page', () => {
  it('records nothing in the change log for the first fill of an empty catalogue', async () => {
    expect(await tableCount(catalogueChanges)).toBe(0);
  });

  it('reports a bad row by line and column and writes nothing, not even the upload', async () => {
    const before = await catalogueRows();
    const rows = before.map((r) => ({ ...r }));
    rows[0]!.price = '9,99';
    rows[2]!.ean = '5600000000015'; // wrong check digit, line 4
    const answer = await preview(editor, toCsv(rows));
    expect(answer.status).toBe(422);
    const report = answer.body.data as ImportReport;
    expect(report).toMatchObject({ rows: rows.length, total: 1, issues: [{ line: 4, column: 'ean', message: 'dígito de controlo inválido' }] });
    expect(answer.body.message).toContain('Nada foi alterado');
    expect(await catalogueRows()).toEqual(before);
    expect(await tableCount(catalogueChanges)).toBe(0);
    const [uploads] = await (await getDb()).select({ n: count() }).from(catalogueUploads);
    expect(uploads!.n).toBe(0);
  });

  it('previews without writing, then imports exactly that file: the counts match and a price change is logged', async () => {
    const before = await catalogueRows();
    const oldPrice = price(before, 'VG-0500');
    const rows = before.map((r) => (r.model_code === 'VG-0500' ? { ...r, price: '5,35' } : r.model_code === 'SN-001' ? { ...r, model_name: 'Sanita suspensa rimless branca brilhante' } : r));
    rows.push({ ...rows.find((r) => r.model_code === 'VG-0750')!, model_code: 'VG-1000', model_name: 'Válvula de esfera em latão 1" F-F', size: '1"', price: '9,90', ean: '' });
    const answer = await preview(editor, toCsv(rows), 'precos-novembro.csv');
    expect(answer.status).toBe(200);
    const p = answer.body.data as ImportPreview;
    expect(p).toMatchObject({
      fileName: 'precos-novembro.csv',
      rows: 6,
      firstFill: false,
      summary: {
        families: { created: 0, updated: 0, unchanged: 3 },
        brands: { created: 0, updated: 0, unchanged: 2 },
        products: { created: 0, updated: 0, unchanged: 3 },
        models: { created: 1, updated: 2, unchanged: 3 },
      },
      changeCounts: { price: 1, new: 1, text: 1, removed: 0 },
      priceSamples: [{ modelCode: 'VG-0500', before: '4.90', after: '5.35' }],
    });
    expect(p.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(p.samples.models.created).toEqual([{ code: 'VG-1000', name: 'Válvula de esfera em latão 1" F-F' }]);
    // Nothing written yet.
    expect(price(await catalogueRows(), 'VG-0500')).toBe(oldPrice);
    expect(await tableCount(catalogueChanges)).toBe(0);

    // A viewer cannot confirm it; another staff member cannot confirm someone else's upload.
    as(viewer);
    expect(await confirmCatalogueImportAction({ uploadId: p.uploadId })).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    as(editor);
    const done = await confirmCatalogueImportAction({ uploadId: p.uploadId });
    expect(done).toMatchObject({ ok: true, data: { rows: 6, fileName: 'precos-novembro.csv', summary: p.summary, recorded: p.changeCounts } });
    expect(price(await catalogueRows(), 'VG-0500')).toBe('5,35');

    const db = await getDb();
    const priceChanges = await db.select().from(catalogueChanges).where(eq(catalogueChanges.kind, 'price'));
    expect(priceChanges).toEqual([
      expect.objectContaining({ source: 'import', actorId: editor.userId, actorName: 'Eva Editora', chapterCode: 40, productCode: 'P100002', modelCode: 'VG-0500', field: 'price', before: '4.90', after: '5.35' }),
    ]);
    expect(formatCataloguePrice(priceChanges[0]!.after)).toBe('5,35\u00a0€');
    expect(formatCataloguePrice('1234.5')).toBe('1\u00a0234,50\u00a0€');
    const text = await db.select().from(catalogueChanges).where(eq(catalogueChanges.kind, 'text'));
    expect(text).toEqual([expect.objectContaining({ modelCode: 'SN-001', field: 'name', before: 'Sanita suspensa rimless branca', after: 'Sanita suspensa rimless branca brilhante', chapterCode: 10 })]);
    const created = await db.select().from(catalogueChanges).where(eq(catalogueChanges.kind, 'new'));
    expect(created).toEqual([expect.objectContaining({ modelCode: 'VG-1000', productCode: 'P100002' })]);

    // Audited: who, the file, its checksum and the counts.
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entity, 'catalogue_import'));
    expect(audit).toMatchObject({ actorId: editor.userId, action: 'import', after: { file: 'precos-novembro.csv', sha256: p.sha256, rows: 6 } });
    expect(audit!.summary).toContain('precos-novembro.csv');

    // The upload is used up: a second confirmation finds nothing.
    expect(await confirmCatalogueImportAction({ uploadId: p.uploadId })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Admin.Catalogue.uploadGone' } });
  });

  it('refuses to import a preview over a catalogue changed since, and answers the fresh preview', async () => {
    const rows = (await catalogueRows()).map((r) => (r.model_code === 'HDT-16200' ? { ...r, price: '1,30' } : r));
    const first = (await preview(editor, toCsv(rows))).body.data as ImportPreview;
    expect(first.changeCounts.price).toBe(1);
    // Someone else changes the catalogue meanwhile (another import of a price).
    const other = (await catalogueRows()).map((r) => (r.model_code === 'HDT-20200' ? { ...r, price: '1,95' } : r));
    as(editor);
    expect((await call(importPost, 'POST', '/api/admin/catalogue', { session: editor, body: csvForm(toCsv(other)) })).status).toBe(200);
    const changesBefore = await tableCount(catalogueChanges);
    const stale = await confirmCatalogueImportAction({ uploadId: first.uploadId });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Admin.Catalogue.staleNotice' } });
    expect(await tableCount(catalogueChanges)).toBe(changesBefore);
    expect(price(await catalogueRows(), 'HDT-16200')).toBe('1,25');
    // The fresh preview: the file would now also put HDT-20200 back to 1,80.
    const fresh = (stale as { error: { data: ImportPreview } }).error.data;
    expect(fresh.changeCounts.price).toBe(2);
    expect(await confirmCatalogueImportAction({ uploadId: first.uploadId })).toMatchObject({ ok: true, data: { recorded: { price: 2 } } });
    expect(price(await catalogueRows(), 'HDT-16200')).toBe('1,30');
  });

  it('previews an XLSX file the same way (told by its content)', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await toXlsx(await catalogueRows()))], 'catalogo.xlsx'));
    const answer = await call<{ data: ImportPreview }>(previewPost, 'POST', '/api/admin/catalogue/preview', { session: editor, body: form });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ fileName: 'catalogo.xlsx', rows: 6, summary: { models: { created: 0, updated: 0, unchanged: 6 } }, changeCounts: { price: 0, new: 0, text: 0 } });
  });

  it('keeps the import format: the export reads back, as CSV and XLSX', async () => {
    as(editor);
    const csv = await call(exportGet, 'GET', '/api/admin/catalogue', { session: editor });
    expect(csv.status).toBe(200);
    expect(readCsvText(csv.text).rows).toHaveLength(6);
    const xlsx = await call(exportGet, 'GET', '/api/admin/catalogue?format=xlsx', { session: editor });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('change log', () => {
  it('filters by kind, chapter, family, brand, source, code and days, newest first', async () => {
    const all = await listCatalogueChanges({});
    expect(all.total).toBe(6);
    expect(all.items.map((c) => c.id)).toEqual([...all.items.map((c) => c.id)].sort((a, b) => b - a));
    expect((await listCatalogueChanges({ tipo: 'price' })).total).toBe(4);
    expect((await listCatalogueChanges({ capitulo: 10 })).items.map((c) => c.modelCode)).toEqual(['SN-001']);
    const [valves] = await (await getDb()).select({ id: families.id }).from(families).where(eq(families.code, '40-020'));
    expect((await listCatalogueChanges({ familia: valves!.id })).items.map((c) => c.modelCode).sort()).toEqual(['VG-0500', 'VG-1000']);
    const [hidrotec] = await (await getDb()).select({ id: brands.id }).from(brands).where(eq(brands.name, 'Hidrotec'));
    expect((await listCatalogueChanges({ marca: hidrotec!.id, tipo: 'price' })).total).toBe(3);
    expect((await listCatalogueChanges({ origem: 'admin' })).total).toBe(0);
    expect((await listCatalogueChanges({ codigo: 'vg-05' })).items.map((c) => c.modelCode)).toEqual(['VG-0500']);
    expect((await listCatalogueChanges({ codigo: '%' })).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    expect((await listCatalogueChanges({ desde: today, ate: today })).total).toBe(6);
    expect((await listCatalogueChanges({ ate: '2020-01-01' })).total).toBe(0);
    // Paging.
    expect((await listCatalogueChanges({}, 2, 4)).items).toHaveLength(2);
    // Links: the shop page and the product's edit screen.
    const [row] = (await listCatalogueChanges({ codigo: 'VG-0500' })).items;
    expect(row!.shopPath).toMatch(/^\/produtos\/[^/]+\/[^/]+\/P100002$/);
    expect(row!.productId).toEqual(expect.any(Number));
  });

  it('exports the filtered view as CSV, and ignores unusable filters', async () => {
    const answer = await call(changesGet, 'GET', '/api/admin/catalogue/changes?tipo=price&capitulo=40', { session: editor });
    expect(answer.status).toBe(200);
    const lines = answer.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('antes;depois');
    expect(answer.text).toContain('VG-0500');
    const lenient = await call(changesGet, 'GET', '/api/admin/catalogue/changes?tipo=nada&desde=ontem&capitulo=abc', { session: editor });
    expect(lenient.status).toBe(200);
    // A day the calendar has not (31 February) is ignored like any unusable filter, never a 500.
    const impossible = await call(changesGet, 'GET', '/api/admin/catalogue/changes?desde=2026-02-31&ate=2026-04-31', { session: editor });
    expect(impossible.status).toBe(200);
    expect(impossible.text).toContain('VG-0500');
  });
});

describe('reprint report', () => {
  it('counts per chapter since its last print; a mark leaves earlier changes out, per chapter', async () => {
    const before = await countChangesSinceLastPrint();
    expect(before).toEqual({ total: 6, chapters: [expect.objectContaining({ chapterCode: 10, count: 1 }), expect.objectContaining({ chapterCode: 40, count: 5 })] });
    const report = await getReprintReport();
    const forty = report.find((c) => c.code === 40)!;
    expect(forty).toMatchObject({ lastPrint: null, counts: { price: 4, new: 1, text: 0, removed: 0 }, total: 5, productTotal: 2 });
    expect(forty.families.map((f) => [f.code, f.total])).toEqual([
      ['40-010', 3],
      ['40-020', 2],
    ]);
    expect(forty.pdfHref).toMatch(/^\/documentos\/catalogos\/[a-z0-9-]+\.pdf\?v=/);

    // Chapter 40 reprinted: its count goes to 0, chapter 10 keeps its own.
    as(editor);
    expect(await markReprintedAction({ chapter: 40, note: 'Edição de novembro' })).toMatchObject({ ok: true, data: { chapters: [40] } });
    expect(await countChangesSinceLastPrint()).toEqual({ total: 1, chapters: [expect.objectContaining({ chapterCode: 10, count: 1 })] });
    const after = (await getReprintReport()).find((c) => c.code === 40)!;
    expect(after).toMatchObject({ total: 0, lastPrint: { actor: 'Eva Editora', note: 'Edição de novembro' } });
    const [audit] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.entity, 'catalogue_print'), eq(auditLog.entityId, '40')));
    expect(audit).toMatchObject({ actorId: editor.userId, action: 'create' });

    // A change after the mark counts again.
    const rows = (await catalogueRows()).map((r) => (r.model_code === 'VG-0750' ? { ...r, price: '7,10' } : r));
    expect((await call(importPost, 'POST', '/api/admin/catalogue', { session: editor, body: csvForm(toCsv(rows)) })).status).toBe(200);
    expect(await countChangesSinceLastPrint()).toEqual({ total: 2, chapters: [expect.objectContaining({ chapterCode: 10, count: 1 }), expect.objectContaining({ chapterCode: 40, count: 1 })] });
    const forty2 = (await getReprintReport()).find((c) => c.code === 40)!;
    expect(forty2.products.map((p) => [p.productCode, p.counts.price])).toEqual([['P100002', 1]]);

    // Everything marked.
    await markChaptersReprinted({ id: editor.userId, email: 'editora.catalogo@example.pt', displayName: 'Eva Editora' }, 'all');
    expect(await countChangesSinceLastPrint()).toEqual({ total: 0, chapters: [] });
  });
});

describe('permissions', () => {
  it('answers 403 JSON to a viewer on every route and refuses the actions', async () => {
    for (const [handler, method, url, body] of [
      [previewPost, 'POST', '/api/admin/catalogue/preview', csvForm('x')],
      [importPost, 'POST', '/api/admin/catalogue', csvForm('x')],
      [exportGet, 'GET', '/api/admin/catalogue', undefined],
      [changesGet, 'GET', '/api/admin/catalogue/changes', undefined],
    ] as const) {
      const answer = await call(handler, method, url, { session: viewer, body });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'forbidden' } });
      expect((await call(handler, method, url, { body })).status).toBe(401);
    }
    as(viewer);
    expect(await markReprintedAction({ chapter: 'all' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    as(null);
    expect(await markReprintedAction({ chapter: 'all' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('gives a viewer the Access Denied screen and an editor the pages', async () => {
    // forbidden(): the 403 of the admin frame (forbidden.tsx, 'Access Denied').
    env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
    const denied = { digest: 'NEXT_HTTP_ERROR_FALLBACK;403' };
    as(viewer, '/admin/catalogue-management/change-logs');
    await expect(ChangeLogsPage({ searchParams: Promise.resolve({}) })).rejects.toMatchObject(denied);
    as(viewer, '/admin/catalogue-management/reprint-report');
    await expect(ReprintReportPage()).rejects.toMatchObject(denied);
    as(viewer, '/admin/catalogue-management');
    await expect(CatalogueManagementPage()).rejects.toMatchObject(denied);
    as(editor, '/admin/catalogue-management/change-logs');
    await expect(ChangeLogsPage({ searchParams: Promise.resolve({ tipo: 'price' }) })).resolves.toBeTruthy();
    as(editor, '/admin/catalogue-management/reprint-report');
    await expect(ReprintReportPage()).resolves.toBeTruthy();
    as(editor, '/admin/catalogue-management');
    await expect(CatalogueManagementPage()).resolves.toBeTruthy();
    delete env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS;
  });

  it('never answers 500 on bad input', async () => {
    expect((await call(previewPost, 'POST', '/api/admin/catalogue/preview', { session: editor, body: csvForm('') })).status).toBe(400);
    const binary = await call(previewPost, 'POST', '/api/admin/catalogue/preview', { session: editor, body: csvForm('PK\u0003\u0004garbage', 'x.xlsx') });
    // A damaged workbook is refused as a file (server/files), with what is wrong with it.
    expect(binary.status).toBe(400);
    expect(binary.body).toMatchObject({ success: false, message: expect.stringMatching(/danificado/) });
    as(editor);
    expect(await confirmCatalogueImportAction({ uploadId: 'nope' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await confirmCatalogueImportAction({ uploadId: 'a'.repeat(32) })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await markReprintedAction({ chapter: 99999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
