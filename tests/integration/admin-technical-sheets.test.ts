/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { GET as sheetFileGet } from '@/app/documentos/fichas-tecnicas/[file]/route';
import { accessDecision, requirementFor } from '@/lib/auth/permissions';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { sheetPdfPath } from '@/lib/technical-sheets';
import { DOCUMENT_KEY, DRAWING_KEY } from '@/lib/validation/admin-technical-sheet';
import { listAudit } from '@/server/admin/audit';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { cacheInvalidations, technicalSheets } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { getStorage } from '@/server/storage';
import {
  createTechnicalSheetAction,
  deleteTechnicalSheetAction,
  saveTechnicalSheetAction,
  uploadTechnicalSheetFileAction,
} from '@/server/technical-sheets/actions';
import { getSheetForEdit, listAdminSheets } from '@/server/technical-sheets';
import { getProductSheetLinks, listDocumentCentre } from '@/server/technical-sheets/public';
import { call } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, technical sheets: the guarded actions of /admin/ficha-tecnica (viewer refused, editor
 * allowed), the stale-save refusal, the audit log, the PDF job (pdfkit, read back), the public
 * PDF route (unpublished sheets are not served), the uploads sniffed by content, and the
 * published sheets on the product page's read and in the document centre.
 * Catalogue: tests/fixtures/catalogue-small.csv.
 */

jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000', 'x-forwarded-for': '198.51.100.7' }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const editor = toViewer({ id: 'sheetEditor_01', email: 'editor.fichas@example.pt', fullName: 'Eva Editora' }, 'editor');
const viewerRole = toViewer({ id: 'sheetViewer_01', email: 'leitor.fichas@example.pt', fullName: 'Luís Leitor' }, 'viewer');
let tmp: string;

const as = (who: Viewer | null) => jest.mocked(getViewer).mockResolvedValue(who);

const SECTION = { title: 'Dimensões', rows: [{ label: 'Diâmetro exterior', value: '16 mm' }, { label: 'Espessura', value: '2 mm' }] };

function formOf(fields: Record<string, string | Blob>, fileName = 'ficha.pdf'): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Blob) data.set(k, new File([v], fileName, { type: 'application/pdf' }));
    else data.set(k, v);
  }
  return data;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const tinyPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sheets-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  const result = await importCatalogueFile(await getDb(), path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
});

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => as(editor));

describe('permissions (spec 6: manage_products)', () => {
  it('gates both screens by manage_products: the viewer gets Access Denied, editor and admin pass', () => {
    const admin = toViewer({ id: 'sheetAdmin_01', email: 'admin.fichas@example.pt', isAdmin: true }, 'admin');
    for (const path of ['/admin/ficha-tecnica', '/admin/ficha-tecnica/edit/1']) {
      expect(requirementFor(path)).toEqual({ kind: 'permission', permission: 'manage_products' });
      expect(accessDecision({ user: viewerRole, requirement: requirementFor(path) })).toBe('denied');
      expect(accessDecision({ user: editor, requirement: requirementFor(path) })).toBe('allow');
      expect(accessDecision({ user: admin, requirement: requirementFor(path) })).toBe('allow');
      expect(accessDecision({ user: null, requirement: requirementFor(path) })).toBe('login');
    }
  });

  it('refuses every action to a viewer and to no one signed in', async () => {
    for (const who of [viewerRole, null]) {
      as(who);
      const code = who ? 'forbidden' : 'unauthorized';
      expect(await createTechnicalSheetAction({ product_code: 'P100001' })).toMatchObject({ ok: false, error: { code } });
      expect(await saveTechnicalSheetAction({ id: 1, version: 1, title: 'X', sections: [], norms: '', certifications: '', published: true })).toMatchObject({ ok: false, error: { code } });
      expect(await deleteTechnicalSheetAction({ id: 1, version: 1 })).toMatchObject({ ok: false, error: { code } });
      expect(await uploadTechnicalSheetFileAction(formOf({ kind: 'pdf', file: new Blob([tinyPdf()]) }))).toMatchObject({ ok: false, error: { code } });
    }
    const db = await getDb();
    expect(await db.select().from(technicalSheets)).toHaveLength(0);
  });
});

describe('an editor', () => {
  let sheetId: number;

  it('creates a sheet of a product, refuses a second one and unknown codes in Portuguese keys', async () => {
    const created = await createTechnicalSheetAction({ product_code: 'P100001', model_code: '' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    sheetId = created.data.id;
    expect(await createTechnicalSheetAction({ product_code: 'P100001' })).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Admin.Sheets.exists' } });
    expect(await createTechnicalSheetAction({ product_code: 'NAO-EXISTE' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', fieldErrors: { product_code: ['Admin.Sheets.v.productUnknown'] } },
    });
    expect(await createTechnicalSheetAction({ product_code: 'P100001', model_code: 'VG-0500' })).toMatchObject({
      ok: false,
      error: { fieldErrors: { model_code: ['Admin.Sheets.v.modelUnknown'] } },
    });
    expect(await createTechnicalSheetAction({ product_code: '' })).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: { product_code: ['Admin.Sheets.v.productRequired'] } } });
    // A second sheet, of one model of the same product, is allowed.
    const perModel = await createTechnicalSheetAction({ product_code: 'P100001', model_code: 'HDT-20200' });
    expect(perModel.ok).toBe(true);
    const sheet = await getSheetForEdit(sheetId);
    expect(sheet).toMatchObject({ productCode: 'P100001', modelCode: null, published: false, version: 1 });
    const audit = await listAudit('technical_sheet', sheetId);
    expect(audit[0]).toMatchObject({ action: 'create', actor: 'Eva Editora' });
  });

  it('lists sheets and products without a sheet, with filters', async () => {
    const all = await listAdminSheets({ page: 1 });
    expect(all.items.filter((i) => i.productCode === 'P100001')).toHaveLength(2);
    const without = await listAdminSheets({ page: 1, state: 'sem' });
    expect(without.items.map((i) => i.productCode)).not.toContain('P100001');
    expect(without.items.every((i) => i.sheetId === null)).toBe(true);
    const byCode = await listAdminSheets({ page: 1, sort: 'codigo' });
    const codes = byCode.items.map((i) => i.productCode);
    expect(codes).toEqual([...codes].sort());
    expect(all.items[0]?.sheetId).not.toBeNull();
    const byModel = await listAdminSheets({ page: 1, q: 'HDT-20200' });
    expect(byModel.items.map((i) => i.modelCode)).toContain('HDT-20200');
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const answer = await saveTechnicalSheetAction({ id: sheetId, version: 1, title: '  ', sections: [{ title: '', rows: [] }], norms: '', certifications: '', published: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    if (answer.ok) return;
    expect(answer.error.fieldErrors?.title).toEqual(['Admin.Sheets.v.titleRequired']);
    expect(answer.error.fieldErrors?.sections?.[0]).toMatch(/^Admin\.Sheets\.v\./);
    expect(await saveTechnicalSheetAction({ id: sheetId, version: 1, title: 'T', sections: [], norms: '', certifications: '', drawing_key: '../../etc/passwd', published: false })).toMatchObject({
      ok: false,
      error: { fieldErrors: { drawing_key: ['Admin.Sheets.v.uploadInvalid'] } },
    });
  });

  it('saves (version bumped, audit before/after, cache tags invalidated) and refuses a stale save with the current record', async () => {
    const saved = await saveTechnicalSheetAction({
      id: sheetId,
      version: 1,
      title: 'Ficha do tubo multicamada',
      sections: [SECTION],
      norms: 'EN ISO 21003\n\nEN ISO 21003\nDIN 16833',
      certifications: 'AENOR',
      published: false,
    });
    expect(saved).toMatchObject({ ok: true, data: { version: 2, message: 'Admin.saved' } });
    const sheet = await getSheetForEdit(sheetId);
    expect(sheet).toMatchObject({ version: 2, norms: ['EN ISO 21003', 'DIN 16833'], certifications: ['AENOR'], sections: [SECTION] });

    const [update] = await listAudit('technical_sheet', sheetId);
    expect(update).toMatchObject({ action: 'update', actor: 'Eva Editora' });
    const title = update!.changes.find((c) => c.field === 'title');
    expect(title).toEqual({ field: 'title', before: 'Tubo multicamada PEX-AL-PEX', after: 'Ficha do tubo multicamada' });
    expect(update!.changes.find((c) => c.field === 'norms')).toEqual({ field: 'norms', before: [], after: ['EN ISO 21003', 'DIN 16833'] });

    const db = await getDb();
    const tags = (await db.select({ tags: cacheInvalidations.tags }).from(cacheInvalidations)).flatMap((r) => r.tags);
    expect(tags).toEqual(expect.arrayContaining(['product:P100001', 'technical-sheets']));

    // Another person saved version 1 meanwhile: refused, the record as it is now.
    const stale = await saveTechnicalSheetAction({ id: sheetId, version: 1, title: 'Outra versão', sections: [], norms: '', certifications: '', published: true });
    expect(stale).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'Admin.stale', data: { stale: true, version: 2, current: { title: 'Ficha do tubo multicamada', published: false } } },
    });
    expect((await getSheetForEdit(sheetId))?.title).toBe('Ficha do tubo multicamada');
    expect(await saveTechnicalSheetAction({ id: 999_999, version: 1, title: 'X', sections: [], norms: '', certifications: '', published: false })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'Admin.Sheets.notFound' },
    });
  });

  it('does not serve an unpublished sheet, nor show it on the product page or the document centre', async () => {
    const sheet = (await getSheetForEdit(sheetId))!;
    const file = sheet.pdfPath.split('/').pop()!;
    const answer = await call(sheetFileGet, 'GET', sheet.pdfPath, { params: { file } });
    expect(answer.status).toBe(404);
    expect(await getProductSheetLinks('P100001')).toEqual([]);
    expect((await listDocumentCentre('P100001', '')).total).toBe(0);
  });

  it('renders the PDF in the job worker, with the product code in it', async () => {
    await processDueJobs();
    const sheet = (await getSheetForEdit(sheetId))!;
    expect(sheet.pdfState).toBe('ready');
    const db = await getDb();
    const [row] = await db.select().from(technicalSheets).where(eq(technicalSheets.id, sheetId));
    const bytes = (await getStorage().get(row!.generatedPdfKey!))!;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('P100001');
    expect(text).toContain('Diâmetro exterior');
    expect(text).toContain('EN ISO 21003');
    expect(text).toContain('AENOR');
  });

  it('sniffs uploads: a non-PDF is refused, a PDF and an image are stored', async () => {
    const fake = await uploadTechnicalSheetFileAction(formOf({ kind: 'pdf', file: new Blob(['<html>não sou um PDF</html>']) }));
    expect(fake).toMatchObject({ ok: false, error: { code: 'unsupported_media_type', message: 'Admin.uploadWrongKind', values: { found: 'text', accepted: 'um PDF' } } });
    const empty = await uploadTechnicalSheetFileAction(formOf({ kind: 'pdf' }));
    expect(empty).toMatchObject({ ok: false, error: { fieldErrors: { file: ['Admin.Sheets.v.fileRequired'] } } });
    const pdf = await uploadTechnicalSheetFileAction(formOf({ kind: 'pdf', file: new Blob([tinyPdf()]) }));
    expect(pdf.ok).toBe(true);
    if (!pdf.ok) return;
    expect(pdf.data.key).toMatch(DOCUMENT_KEY);
    // An image is not a drawing when sent as the PDF, and a PDF is not a drawing.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
    expect(await uploadTechnicalSheetFileAction(formOf({ kind: 'pdf', file: new Blob([png]) }))).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
    expect(await uploadTechnicalSheetFileAction(formOf({ kind: 'drawing', file: new Blob([tinyPdf()]) }))).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
    const drawing = await uploadTechnicalSheetFileAction(formOf({ kind: 'drawing', file: new Blob([png]) }, 'desenho.png'));
    expect(drawing.ok).toBe(true);
    if (!drawing.ok) return;
    expect(drawing.data.key).toMatch(DRAWING_KEY);

    const published = await saveTechnicalSheetAction({
      id: sheetId,
      version: 2,
      title: 'Ficha do tubo multicamada',
      sections: [SECTION],
      norms: ['EN ISO 21003', 'DIN 16833'],
      certifications: ['AENOR'],
      drawing_key: drawing.data.key,
      manufacturer_pdf_key: pdf.data.key,
      published: true,
    });
    expect(published).toMatchObject({ ok: true, data: { version: 3 } });
  });

  it('serves a published sheet: the generated PDF (rendered at once if the job has not run) and the manufacturer PDF', async () => {
    const sheet = (await getSheetForEdit(sheetId))!;
    expect(sheet.pdfState).toBe('pending');
    const file = sheet.pdfPath.split('/').pop()!;
    const answer = await call(sheetFileGet, 'GET', sheet.pdfPath, { params: { file } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toMatch(/^public/);
    expect(answer.text.startsWith('%PDF-')).toBe(true);
    expect((await getSheetForEdit(sheetId))!.pdfState).toBe('ready');
    await processDueJobs();

    const manufacturer = sheet.manufacturerPath!;
    const m = await call(sheetFileGet, 'GET', manufacturer, { params: { file: manufacturer.split('/').pop()! } });
    expect(m.status).toBe(200);
    expect(m.text).toContain('%%EOF');
    // A file name of another sheet's id, or of nothing, is a 404.
    expect((await call(sheetFileGet, 'GET', '/documentos/fichas-tecnicas/ficha-999999.pdf', { params: { file: 'ficha-999999.pdf' } })).status).toBe(404);
    expect((await call(sheetFileGet, 'GET', '/documentos/fichas-tecnicas/..%2Fx.pdf', { params: { file: '../x.pdf' } })).status).toBe(404);

    const links = await getProductSheetLinks('P100001');
    expect(links).toEqual([expect.objectContaining({ id: sheetId, modelCode: null, pdfPath: sheet.pdfPath, manufacturerPath: manufacturer })]);
    const byModelCode = await listDocumentCentre('hdt-16200', '');
    expect(byModelCode.groups[0]?.rows.map((r) => r.productCode)).toEqual(['P100001']);
    expect((await listDocumentCentre('', 'hidrotec')).total).toBe(1);
    expect((await listDocumentCentre('', 'valgaia')).total).toBe(0);
    expect(sheetPdfPath('ficha', { id: sheetId, productCode: 'P100001', modelCode: null })).toBe(`/documentos/fichas-tecnicas/ficha-${sheetId}-p100001.pdf`);
  });

  it('deletes a sheet (version checked, audited); its files are no longer served', async () => {
    const sheet = (await getSheetForEdit(sheetId))!;
    as(viewerRole);
    expect(await deleteTechnicalSheetAction({ id: sheetId, version: sheet.version })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    as(editor);
    expect(await deleteTechnicalSheetAction({ id: sheetId, version: 1 })).toMatchObject({ ok: false, error: { message: 'Admin.stale' } });
    expect(await deleteTechnicalSheetAction({ id: sheetId, version: sheet.version })).toMatchObject({ ok: true });
    expect((await listAudit('technical_sheet', sheetId))[0]).toMatchObject({ action: 'delete' });
    const file = sheet.pdfPath.split('/').pop()!;
    expect((await call(sheetFileGet, 'GET', sheet.pdfPath, { params: { file } })).status).toBe(404);
  });
});
