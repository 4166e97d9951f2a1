/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { DELETE as catalogueDelete, PUT as cataloguePut } from '@/app/api/admin/supplier-catalogues/[id]/route';
import { POST as orderPost } from '@/app/api/admin/supplier-catalogues/order/route';
import { POST as cataloguePost } from '@/app/api/admin/supplier-catalogues/route';
import FactoryCataloguesPage from '@/app/[site]/(shop)/catalogos-fabrica/page';
import { resetEnvCache } from '@/lib/env';
import { listPublicSupplierCatalogues } from '@/server/admin/supplier-catalogues';
import { getDb } from '@/server/db/client';
import { auditLog, brands, supplierCatalogues } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { getStorage, setStorage } from '@/server/storage';
import { uploadKeyOf } from '@/server/uploads';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

/**
 * Issue 13, supplier catalogues: the admin API behind /admin/supplier-catalogues (permissions,
 * PDF sniffing, covers from the PDF's first page or generated, the stale-version refusal, the
 * audit log, the order) and the public /catalogos-fabrica listing the active ones.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let dataDir: string;
let editor: Session;
let viewer: Session;
let hidrotec: number;
let valgaia: number;

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Catalogue {
  id: number;
  title: string;
  year: number | null;
  version: number;
  pdfUrl: string | null;
  externalUrl: string | null;
  coverUrl: string | null;
  coverSource: string | null;
  sortOrder: number;
  active: boolean;
}

/** A small two-page PDF made with pdfkit, its first page mostly red. */
function makePdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, 595, 842).fill('#cc0000');
    doc.fillColor('#ffffff').fontSize(32).text(title, 60, 300);
    doc.addPage().fillColor('#000000').fontSize(12).text('Página 2');
    doc.end();
  });
}

function form(fields: Record<string, string>, files: Record<string, { bytes: Uint8Array; name: string; type: string }> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const [k, file] of Object.entries(files)) f.set(k, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return f;
}

const create = (body: FormData, session: Session | null = editor) =>
  call<Envelope<Catalogue>>(cataloguePost, 'POST', '/api/admin/supplier-catalogues', { body, session });
const update = (id: number, body: FormData, session: Session | null = editor) =>
  call<Envelope<Catalogue>>(cataloguePut, 'PUT', `/api/admin/supplier-catalogues/${id}`, { params: { id: String(id) }, body, session });

async function storedImage(url: string | null) {
  const key = uploadKeyOf(url);
  expect(key).toMatch(/^uploads\/covers\/\d{4}\/[a-f0-9]{24}\.webp$/);
  const bytes = await getStorage().get(key!);
  expect(bytes).not.toBeNull();
  return sharp(bytes!);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-catalogues-'));
  env.DATA_DIR = dataDir;
  resetEnvCache();
  setStorage(undefined);
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  const rows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  hidrotec = rows.find((b) => b.name === 'Hidrotec')!.id;
  valgaia = rows.find((b) => b.name === 'Valgaia')!.id;
  editor = await signedInAccount({ email: 'editor.sc@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  viewer = await signedInAccount({ email: 'leitor.sc@example.pt', fullName: 'Luís Leitor', role: 'viewer', isAdmin: false, userType: 'particular' });
}, 120_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  setStorage(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('supplier catalogues (admin API)', () => {
  let uploaded: Catalogue;
  let linked: Catalogue;

  it('refuses a guest (401) and a viewer (403), writing nothing', async () => {
    const pdf = await makePdf('Hidrotec 2026');
    const fields = { brandId: String(hidrotec), title: 'Catálogo geral', year: '2026', source: 'upload', externalUrl: '', active: 'true' };
    expect((await create(form(fields, { pdf: { bytes: pdf, name: 'c.pdf', type: 'application/pdf' } }), null)).status).toBe(401);
    const refused = await create(form(fields, { pdf: { bytes: pdf, name: 'c.pdf', type: 'application/pdf' } }), viewer);
    expect(refused.status).toBe(403);
    expect(await (await getDb()).select().from(supplierCatalogues)).toHaveLength(0);
  });

  it('refuses a file that is not a PDF, whatever its name and type say (415), and a bad link (400)', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    const notPdf = await create(
      form({ brandId: String(hidrotec), title: 'Falso PDF', year: '', source: 'upload', externalUrl: '', active: 'true' }, { pdf: { bytes: png, name: 'catalogo.pdf', type: 'application/pdf' } }),
    );
    expect(notPdf.status).toBe(415);
    // What the file is and what is accepted, in words.
    expect(notPdf.body.message).toBe('O ficheiro enviado é uma imagem PNG; aqui só se aceita um PDF.');
    const badLink = await create(form({ brandId: String(hidrotec), title: 'Ligação', year: '2026', source: 'link', externalUrl: 'javascript:alert(1)', active: 'true' }));
    expect(badLink.status).toBe(400);
    expect(badLink.body.error?.details?.externalUrl?.[0]).toMatch(/http:\/\/ ou https:\/\//);
    const noPdf = await create(form({ brandId: String(hidrotec), title: 'Sem PDF', year: '', source: 'upload', externalUrl: '', active: 'true' }));
    expect(noPdf.status).toBe(400);
    const badYear = await create(form({ brandId: String(hidrotec), title: 'Ano', year: '26', source: 'link', externalUrl: 'https://example.com', active: 'true' }));
    expect(badYear.status).toBe(400);
    expect(badYear.body.error?.details?.year?.[0]).toMatch(/ano entre 1950 e 2100/);
    expect(await (await getDb()).select().from(supplierCatalogues)).toHaveLength(0);
  });

  it('lets an editor upload a PDF: stored, its cover made from the first page, the creation audited', async () => {
    const pdf = await makePdf('Hidrotec 2026');
    // No program of the machine is needed (a fresh machine after `npm install` has no poppler):
    // the cover is rendered inside the server, whatever PATH holds.
    const path0 = env.PATH;
    env.PATH = '/nonexistent';
    const res = await create(
      form({ brandId: String(hidrotec), title: 'Catálogo geral Hidrotec', year: '2026', source: 'upload', externalUrl: '', active: 'true' }, { pdf: { bytes: pdf, name: 'c.pdf', type: 'application/pdf' } }),
    ).finally(() => {
      env.PATH = path0;
    });
    expect(res.status).toBe(201);
    uploaded = res.body.data;
    expect(uploaded.pdfUrl).toMatch(/^\/media\/uploads\/documents\/\d{4}\/[a-f0-9]{24}\.pdf$/);
    const storedPdf = await getStorage().get(uploaded.pdfUrl!.slice('/media/'.length));
    expect(storedPdf?.equals(pdf)).toBe(true);
    const cover = await storedImage(uploaded.coverUrl);
    const meta = await cover.metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height!).toBeGreaterThan(meta.width!);
    expect(uploaded.coverSource).toBe('pdf');
    // The first page is red: so is the cover.
    const { dominant } = await cover.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(80);
    const [entry] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.entity, 'supplier_catalogue'), eq(auditLog.entityId, String(uploaded.id))));
    expect(entry).toMatchObject({ action: 'create', actorEmail: 'editor.sc@example.pt' });
    expect(entry!.after).toMatchObject({ title: 'Catálogo geral Hidrotec', year: 2026, brandId: hidrotec });
  });

  it('a link to the maker’s site gets a generated cover (brand, title, year)', async () => {
    const res = await create(form({ brandId: String(valgaia), title: 'Válvulas e acessórios', year: '2025', source: 'link', externalUrl: 'https://www.valgaia.example/catalogo.pdf', active: 'true' }));
    expect(res.status).toBe(201);
    linked = res.body.data;
    expect(linked.pdfUrl).toBeNull();
    expect(linked.externalUrl).toBe('https://www.valgaia.example/catalogo.pdf');
    expect(linked.coverSource).toBe('generated');
    const meta = await (await storedImage(linked.coverUrl)).metadata();
    expect(meta.width).toBe(600);
  });

  it('an uploaded cover image replaces the generated one', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#00aa00' } }).jpeg().toBuffer();
    const res = await update(
      linked.id,
      form({ brandId: String(valgaia), title: 'Válvulas e acessórios', year: '2025', source: 'link', externalUrl: linked.externalUrl!, active: 'true', version: String(linked.version) }, { cover: { bytes: jpeg, name: 'capa.jpg', type: 'image/jpeg' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.coverSource).toBe('upload');
    expect(res.body.data.version).toBe(linked.version + 1);
    linked = res.body.data;
  });

  it('refuses a save over a newer version (409, "alterado por outra pessoa", the current record) and audits the one that passes', async () => {
    const fields = (title: string, version: number) => form({ brandId: String(hidrotec), title, year: '2026', source: 'upload', externalUrl: '', active: 'true', version: String(version) });
    const first = await update(uploaded.id, fields('Catálogo Hidrotec 2026', uploaded.version));
    expect(first.status).toBe(200);
    const stale = await update(uploaded.id, fields('Outro título', uploaded.version));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Este registo foi alterado por outra pessoa/);
    expect(stale.body.data).toMatchObject({ stale: true, version: uploaded.version + 1, current: { title: 'Catálogo Hidrotec 2026' } });
    const staleDelete = await call<Envelope<unknown>>(catalogueDelete, 'DELETE', `/api/admin/supplier-catalogues/${uploaded.id}?version=${uploaded.version}`, { params: { id: String(uploaded.id) }, session: editor });
    expect(staleDelete.status).toBe(409);
    const viewerEdit = await update(uploaded.id, fields('Leitor', uploaded.version + 1), viewer);
    expect(viewerEdit.status).toBe(403);
    uploaded = first.body.data;
    const entries = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.entity, 'supplier_catalogue'), eq(auditLog.entityId, String(uploaded.id)))).orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]!.before).toEqual({ title: 'Catálogo geral Hidrotec' });
    expect(entries[1]!.after).toEqual({ title: 'Catálogo Hidrotec 2026' });
    // The PDF stays when no new one is sent.
    expect(uploaded.pdfUrl).toBeTruthy();
  });

  it('reorders, and the public page lists only the active ones in that order, with their covers', async () => {
    const hidden = await create(form({ brandId: String(hidrotec), title: 'Catálogo antigo', year: '2019', source: 'link', externalUrl: 'https://hidrotec.example/2019.pdf', active: 'false' }));
    expect(hidden.status).toBe(201);
    const reorder = await call<Envelope<unknown>>(orderPost, 'POST', '/api/admin/supplier-catalogues/order', { session: editor, body: { ids: [linked.id, uploaded.id, hidden.body.data.id] } });
    expect(reorder.status).toBe(200);
    // The order is not part of the form: an open edit form stays valid (same version), the move is audited.
    const [moved] = await (await getDb()).select().from(supplierCatalogues).where(eq(supplierCatalogues.id, linked.id));
    expect(moved).toMatchObject({ sortOrder: 10, version: linked.version });
    expect((await call(orderPost, 'POST', '/api/admin/supplier-catalogues/order', { session: viewer, body: { ids: [uploaded.id] } })).status).toBe(403);
    const list = await listPublicSupplierCatalogues();
    expect(list.map((c) => c.title)).toEqual(['Válvulas e acessórios', 'Catálogo Hidrotec 2026']);
    expect(list[0]).toMatchObject({ external: true, href: 'https://www.valgaia.example/catalogo.pdf', brandName: 'Valgaia' });
    expect(list[1]).toMatchObject({ external: false, href: uploaded.pdfUrl, brandName: 'Hidrotec' });

    const html = renderToStaticMarkup(await FactoryCataloguesPage());
    expect(html).toContain('Catálogo Hidrotec 2026');
    expect(html).toContain('Válvulas e acessórios');
    expect(html).not.toContain('Catálogo antigo');
    expect(html).toContain('Abrir PDF');
    expect(html).toContain('Ver no site do fabricante');
    expect(html).toContain(`src="${uploaded.coverUrl}?w=400"`);
    expect(html.indexOf('Válvulas e acessórios')).toBeLessThan(html.indexOf('Catálogo Hidrotec 2026'));
  });

  it('deletes with the current version (audited), and the public list follows', async () => {
    const res = await call<Envelope<unknown>>(catalogueDelete, 'DELETE', `/api/admin/supplier-catalogues/${linked.id}?version=${linked.version}`, { params: { id: String(linked.id) }, session: editor });
    expect(res.status).toBe(200);
    expect((await listPublicSupplierCatalogues()).map((c) => c.title)).toEqual(['Catálogo Hidrotec 2026']);
    const [entry] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.entity, 'supplier_catalogue'), eq(auditLog.entityId, String(linked.id)), eq(auditLog.action, 'delete')));
    expect(entry!.before).toMatchObject({ title: 'Válvulas e acessórios' });
    const missing = await call<Envelope<unknown>>(catalogueDelete, 'DELETE', '/api/admin/supplier-catalogues/abc?version=1', { params: { id: 'abc' }, session: editor });
    expect(missing.status).toBe(404);
  });
});
