/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { GET as sessionGet } from '@/app/api/auth/[...all]/route';
import { POST as catalogueImportPost } from '@/app/api/admin/catalogue/route';
import { POST as previewPost } from '@/app/api/admin/catalogue/preview/route';
import { POST as erpApplyPost } from '@/app/api/admin/erp/apply/route';
import { POST as erpPreviewPost } from '@/app/api/admin/erp/preview/route';
import { GET as skippedGet } from '@/app/api/admin/erp/skipped/route';
import { GET as templateGet } from '@/app/api/admin/templates/[format]/route';
import type { ImportPreview } from '@/lib/admin/catalogue-import';
import { IMPORT_FORMATS } from '@/lib/admin/import-formats';
import { resetEnvCache } from '@/lib/env';
import { demoAccountsSeed } from '@/scripts/seed';
import { DEMO_ACCOUNTS } from '@/scripts/seed/accounts';
import { confirmCatalogueImportAction } from '@/server/catalogue/management-actions';
import { getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { appState, authRateLimits, inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { CLIENT_COLUMNS, PRICE_COLUMNS } from '@/server/erp/format';
import { applyErpFile, listSyncRuns, previewErpFile } from '@/server/erp/sync';
import { importCatalogueFile } from '@/server/import';
import { CATALOGUE_COLUMNS } from '@/server/import/format';
import { exportCatalogueRows, toCsv } from '@/server/import/export';
import { getImportResult } from '@/server/import/history';
import { importPriceRules } from '@/server/pro-accounts/rules-import';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 23, items 1–2: imports and syncs that fit real files and never lock anyone out.
 *
 * - A catalogue import in a local demo removes the demo accounts, but never the account that
 *   confirms it nor the last administrator; the preview says beforehand which go and which stay;
 *   the confirming editor's session survives; a later start keeps the accounts the import kept;
 *   the result page's data is recorded.
 * - An ERP price file with articles the shop does not sell applies the known ones and lists the
 *   others (count, codes, CSV); a malformed line is still refused with its line and column.
 * - A price-rule file skips the lines of accounts the shop does not have, and lists them.
 * - Each import has a template whose columns are the importer's.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

const handle = setupTestDatabase();
const env = process.env as Record<string, string | undefined>;
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'catalogue-small.csv');
const demo = (email: string) => DEMO_ACCOUNTS.find((a) => a.email.startsWith(email))!;
const saved: Record<string, string | undefined> = {};
let ip = 0;

function as(session: Session | null) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++ip % 250) + 1}`);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

/** A local demo (README's two commands): http site, no production host, demo accounts by the catalogue. */
function localDemo() {
  for (const k of ['SITE_URL', 'PRODUCTION_HOSTS', 'DEMO_ACCOUNTS', 'DATA_DIR']) saved[k] = env[k];
  env.SITE_URL = 'http://localhost:3000';
  delete env.PRODUCTION_HOSTS;
  delete env.DEMO_ACCOUNTS;
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  resetEnvCache();
}

async function demoEmails(): Promise<string[]> {
  const rows = await (await getDb())
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  return rows.map((r) => r.email).sort();
}

async function activeAdmins(): Promise<string[]> {
  const rows = await (await getDb()).select({ email: users.email }).from(users).where(sql`${users.isAdmin} and ${users.disabledAt} is null`);
  return rows.map((r) => r.email).sort();
}

/** The demo database as a fresh local demo has it: demo catalogue marker, the five demo accounts. */
async function freshDemo() {
  const db = await getDb();
  await db.delete(users);
  await db.delete(appState).where(inArray(appState.key, ['catalogue', 'demo_accounts_kept']));
  await db.insert(appState).values({ key: 'catalogue', value: { source: 'demo', seed: 1967 } });
  await prepareDatabase(handle.current(), { seed: demoAccountsSeed });
  await db.delete(authRateLimits);
  expect(await demoEmails()).toHaveLength(DEMO_ACCOUNTS.length);
}

async function signInDemo(prefix: string) {
  const a = demo(prefix);
  return signedInAccount({ ...a });
}

/** Is this session still signed in (GET /api/auth/get-session)? */
async function signedIn(session: Session): Promise<boolean> {
  const answer = await call<{ user?: { email?: string } } | null>(sessionGet, 'GET', '/api/auth/get-session', { session, via: 'cookie' });
  return answer.status === 200 && Boolean(answer.body && answer.body.user?.email);
}

/** The catalogue as exported, with one model's price raised by 1 €. */
async function oneChangedPrice(): Promise<{ csv: string; model: string }> {
  const rows = await exportCatalogueRows(await getDb());
  const row = rows.find((r) => r.model_code === 'HDT-16200')!;
  row.price = (Number(row.price.replace(',', '.')) + 1).toFixed(2).replace('.', ',');
  return { csv: toCsv(rows), model: row.model_code };
}

async function previewAs(session: Session, csv: string): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', new File([csv], 'catalogo.csv', { type: 'text/csv' }));
  const answer = await call<{ data: ImportPreview }>(previewPost, 'POST', '/api/admin/catalogue/preview', { session, body: form });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  localDemo();
  expect((await importCatalogueFile(await getDb(), FIXTURE, { source: 'demo' })).ok).toBe(true);
}, 120_000);

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  resetEnvCache();
});

describe('a catalogue import never locks the shop out', () => {
  it('the editor who confirms stays signed in, the last administrator stays, the other demo accounts go — as the preview said', async () => {
    await freshDemo();
    const editor = await signInDemo('editor@');
    const pro = await signInDemo('pro@');
    const { csv } = await oneChangedPrice();
    const preview = await previewAs(editor, csv);
    expect(preview.summary.models.updated).toBe(1);
    expect(preview.accounts.remove.map((a) => a.email)).toEqual(['pro@demo.casadasaguas.pt', 'cliente@demo.casadasaguas.pt', 'leitor@demo.casadasaguas.pt']);
    expect(preview.accounts.keep.map((a) => [a.email, a.reason])).toEqual([
      ['admin@demo.casadasaguas.pt', 'last_admin'],
      ['editor@demo.casadasaguas.pt', 'confirmer'],
    ]);
    // Nothing removed by the preview.
    expect(await demoEmails()).toHaveLength(DEMO_ACCOUNTS.length);

    as(editor);
    const done = await confirmCatalogueImportAction({ uploadId: preview.uploadId });
    if (!done.ok) throw new Error(JSON.stringify(done.error));
    expect(done.data.accounts).toEqual(preview.accounts);
    expect(await demoEmails()).toEqual(['admin@demo.casadasaguas.pt', 'editor@demo.casadasaguas.pt']);
    expect(await activeAdmins()).toEqual(['admin@demo.casadasaguas.pt']);
    expect(await signedIn(editor)).toBe(true);
    expect(await signedIn(pro)).toBe(false);

    // The result page: what changed and which accounts went.
    expect(done.data.resultPath).toMatch(/^\/admin\/catalogue-management\/imports\/\d+$/);
    const result = await getImportResult(Number(done.data.resultPath!.split('/').pop()));
    expect(result).toMatchObject({ rows: preview.rows, actor: 'Editora Demo', summary: { models: { updated: 1 } }, recorded: { price: 1 } });
    expect(result!.accounts).toEqual(preview.accounts);

    // A restart of the local demo (its catalogue is now real) keeps them too.
    await prepareDatabase(handle.current(), { seed: demoAccountsSeed });
    expect(await demoEmails()).toEqual(['admin@demo.casadasaguas.pt', 'editor@demo.casadasaguas.pt']);
    expect(await signedIn(editor)).toBe(true);
  });

  it('keeps the demo administrator only while it is the last one; a confirming administrator stays', async () => {
    await freshDemo();
    const own = await signedInAccount({ email: 'gerente@loja.pt', fullName: 'Gerente', role: 'admin', isAdmin: true, userType: 'particular' });
    const { csv } = await oneChangedPrice();
    const preview = await previewAs(own, csv);
    expect(preview.accounts.keep).toEqual([]);
    expect(preview.accounts.remove).toHaveLength(DEMO_ACCOUNTS.length);
    as(own);
    expect((await confirmCatalogueImportAction({ uploadId: preview.uploadId })).ok).toBe(true);
    expect(await demoEmails()).toEqual([]);
    expect(await activeAdmins()).toEqual(['gerente@loja.pt']);

    await freshDemo();
    const admin = await signInDemo('admin@');
    const second = await previewAs(admin, (await oneChangedPrice()).csv);
    expect(second.accounts.keep.map((a) => [a.email, a.reason])).toEqual([['admin@demo.casadasaguas.pt', 'confirmer']]);
    as(admin);
    expect((await confirmCatalogueImportAction({ uploadId: second.uploadId })).ok).toBe(true);
    expect(await demoEmails()).toEqual(['admin@demo.casadasaguas.pt']);
    expect(await signedIn(admin)).toBe(true);
  });

  it('a change to the accounts after the preview is not confirmed blindly: a fresh preview', async () => {
    await freshDemo();
    const editor = await signInDemo('editor@');
    const preview = await previewAs(editor, (await oneChangedPrice()).csv);
    expect(preview.accounts.keep.map((a) => a.email)).toContain('admin@demo.casadasaguas.pt');
    // Another administrator appears: the demo administrator would now go.
    await signedInAccount({ email: 'nova.admin@loja.pt', fullName: 'Nova Admin', role: 'admin', isAdmin: true, userType: 'particular' });
    as(editor);
    const stale = await confirmCatalogueImportAction({ uploadId: preview.uploadId });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const fresh = !stale.ok ? (stale.error.data as ImportPreview) : null;
    expect(fresh!.accounts.remove.map((a) => a.email)).toContain('admin@demo.casadasaguas.pt');
    expect(await demoEmails()).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('the direct API import and the command line keep the importer and the last administrator too', async () => {
    await freshDemo();
    const editor = await signInDemo('editor@');
    const form = new FormData();
    form.append('file', new File([(await oneChangedPrice()).csv], 'catalogo.csv', { type: 'text/csv' }));
    const answer = await call(catalogueImportPost, 'POST', '/api/admin/catalogue', { session: editor, body: form });
    expect(answer.status).toBe(200);
    expect(await demoEmails()).toEqual(['admin@demo.casadasaguas.pt', 'editor@demo.casadasaguas.pt']);

    await freshDemo();
    const cli = await importCatalogueFile(await getDb(), FIXTURE);
    expect(cli.ok && cli.accounts.keep.map((a) => [a.email, a.reason])).toEqual([['admin@demo.casadasaguas.pt', 'last_admin']]);
    expect(await activeAdmins()).toEqual(['admin@demo.casadasaguas.pt']);
  });
});

describe('ERP price file with articles the shop does not sell', () => {
  const csv = (lines: string[]) => Buffer.from(lines.join('\n') + '\n', 'utf8');
  let admin: Session & { userId: string };

  beforeAll(async () => {
    admin = await signedInAccount({ email: 'erp.admin@loja.pt', fullName: 'Ana ERP', role: 'admin', isAdmin: true, userType: 'particular' });
  });

  it('applies the known codes and lists the unknown ones (count, codes, CSV), not a refusal', async () => {
    const file = csv(['model_code;price;discount_group', 'HDT-16200;3,10;A1', 'PHC-ONLY-1;9,99;A1', 'HDT-20200;2,20;A1', 'PHC-ONLY-2;0;', '=1+1;1;']);
    const preview = await previewErpFile(file);
    if (!preview.ok || preview.preview.kind !== 'prices') throw new Error(JSON.stringify(preview));
    expect(preview.preview.counts).toMatchObject({ rows: 5, changed: 2, skipped: 3 });
    expect(preview.preview.skipped).toEqual([
      { line: 3, code: 'PHC-ONLY-1' },
      { line: 5, code: 'PHC-ONLY-2' },
      { line: 6, code: '=1+1' },
    ]);

    // Over HTTP, as the screen does: preview (with the CSV of the skipped lines), then apply.
    const form = new FormData();
    form.append('file', new File([file], 'phc-precos.csv', { type: 'text/csv' }));
    const previewed = await call<{ data: { token: string; skipped_csv: string; preview: { counts: { skipped: number } } } }>(erpPreviewPost, 'POST', '/api/admin/erp/preview', { session: admin, body: form });
    expect(previewed.status).toBe(200);
    expect(previewed.body.data.preview.counts.skipped).toBe(3);
    const previewCsv = await call(skippedGet, 'GET', previewed.body.data.skipped_csv, { session: admin });
    expect(previewCsv.status).toBe(200);
    expect(previewCsv.text.replace(/^\uFEFF/, '').split('\r\n').slice(0, 2)).toEqual(['linha;model_code;motivo', '3;PHC-ONLY-1;artigo desconhecido no catálogo']);

    const applied = await call<{ data: { run_id: number; counts: { changed: number; skipped: number }; skipped: { code: string }[]; skipped_csv: string } }>(erpApplyPost, 'POST', '/api/admin/erp/apply', {
      session: admin,
      body: { token: previewed.body.data.token },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.counts).toMatchObject({ changed: 2, skipped: 3 });
    expect(applied.body.data.skipped.map((s) => s.code)).toEqual(['PHC-ONLY-1', 'PHC-ONLY-2', '=1+1']);
    const db = await getDb();
    const prices = await db.select({ code: inventoryProducts.code, price: inventoryProducts.price }).from(inventoryProducts).where(inArray(inventoryProducts.code, ['HDT-16200', 'HDT-20200']));
    expect(Object.fromEntries(prices.map((p) => [p.code, Number(p.price)]))).toEqual({ 'HDT-16200': 3.1, 'HDT-20200': 2.2 });

    // The run's CSV, from the history: every skipped line, formula-safe.
    const runCsv = await call(skippedGet, 'GET', applied.body.data.skipped_csv, { session: admin });
    expect(runCsv.status).toBe(200);
    expect(runCsv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = runCsv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("6;'=1+1;artigo desconhecido no catálogo");
    const [run] = await listSyncRuns(1);
    expect(run).toMatchObject({ status: 'ok', counts: { skipped: 3 } });
    expect(run!.report[0]).toBe('Linha 3, coluna model_code: artigo desconhecido no catálogo, ignorado (PHC-ONLY-1)');
  });

  it('still refuses a malformed line with its line and column, and changes nothing', async () => {
    const before = await (await getDb()).select({ price: inventoryProducts.price }).from(inventoryProducts).where(eq(inventoryProducts.code, 'HDT-16200'));
    const outcome = await applyErpFile({ bytes: csv(['model_code;price;discount_group', 'HDT-16200;4,00;A1', 'PHC-ONLY-1;abc;A1', 'HDT-20200;0;A1']), fileName: 'mau.csv', source: 'upload', actor: { id: admin.userId, email: 'erp.admin@loja.pt', displayName: 'Ana ERP' } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.report).toEqual(['Linha 3, coluna price: preço inválido (número positivo com até 4 casas decimais)', 'Linha 4, coluna price: o preço tem de ser maior do que zero']);
    const after = await (await getDb()).select({ price: inventoryProducts.price }).from(inventoryProducts).where(eq(inventoryProducts.code, 'HDT-16200'));
    expect(after).toEqual(before);
  });

  it('the skipped lists are for administrators only', async () => {
    const editor = await signedInAccount({ email: 'editor.erp@loja.pt', fullName: 'Eva', role: 'editor', isAdmin: false, userType: 'particular' });
    const [run] = await listSyncRuns(5);
    expect((await call(skippedGet, 'GET', `/api/admin/erp/skipped?run=${run!.id}`, { session: editor })).status).toBe(403);
    expect((await call(skippedGet, 'GET', '/api/admin/erp/skipped?run=abc', { session: admin })).status).toBe(400);
    expect((await call(skippedGet, 'GET', '/api/admin/erp/skipped?run=999999', { session: admin })).status).toBe(404);
  });
});

describe('price-rule import', () => {
  it('skips and lists the lines of accounts the shop does not have; a malformed line still refuses the file', async () => {
    const db = await getDb();
    const [account] = await db.insert(proAccounts).values({ name: 'Regras Conhecidas', nif: '509123457', phcClientId: 'C900' }).returning({ id: proAccounts.id });
    const actor = { id: 'u-1', email: 'a@loja.pt', displayName: 'A' };
    const file = Buffer.from('erp;nif;grupo;percentagem\nC900;;A1;15\nC404;;A1;10\n;123456789;B;5\n');
    const result = await importPriceRules(file, 'regras.csv', { apply: true, actor });
    expect(result).toMatchObject({ ok: true, applied: true, lines: 1, accounts: [{ accountId: account!.id, rules: 1 }] });
    expect(result.ok && result.skipped).toEqual([
      { line: 3, column: 'erp', code: 'C404' },
      { line: 4, column: 'nif', code: '123456789' },
    ]);
    const rules = await db.select({ g: priceRules.discountGroup, p: priceRules.discountPercentage }).from(priceRules).where(eq(priceRules.accountId, account!.id));
    expect(rules).toEqual([{ g: 'A1', p: '15.00' }]);

    const bad = await importPriceRules(Buffer.from('erp;grupo;percentagem\nC404;A1;150\n'), 'regras.csv', { apply: true, actor });
    expect(bad).toEqual({ ok: false, errors: ['Linha 2, coluna percentagem: percentagem entre 0 e 100, até duas casas decimais'] });
  });
});

describe('templates', () => {
  it('each import has a template whose header is the importer’s columns, for the staff who may import it', async () => {
    const admin = await signedInAccount({ email: 'modelos@loja.pt', fullName: 'Modelos', role: 'admin', isAdmin: true, userType: 'particular' });
    const editor = await signedInAccount({ email: 'modelos.editor@loja.pt', fullName: 'Modelos Ed', role: 'editor', isAdmin: false, userType: 'particular' });
    const expected: Record<string, readonly string[]> = {
      catalogue: CATALOGUE_COLUMNS,
      'erp-prices': PRICE_COLUMNS.known,
      'erp-clients': CLIENT_COLUMNS.known,
      'price-rules': ['erp', 'nif', 'grupo', 'percentagem', 'inicio', 'fim'],
    };
    for (const [format, columns] of Object.entries(expected)) {
      const answer = await call(templateGet, 'GET', `/api/admin/templates/${format}`, { session: admin, params: { format } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toContain(IMPORT_FORMATS[format as keyof typeof IMPORT_FORMATS].fileName);
      expect(answer.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(columns.join(';'));
    }
    // The templates are valid files: the ERP ones preview without a problem.
    const prices = await call(templateGet, 'GET', '/api/admin/templates/erp-prices', { session: admin, params: { format: 'erp-prices' } });
    expect((await previewErpFile(Buffer.from(prices.text))).ok).toBe(true);
    const clients = await call(templateGet, 'GET', '/api/admin/templates/erp-clients', { session: admin, params: { format: 'erp-clients' } });
    expect((await previewErpFile(Buffer.from(clients.text))).ok).toBe(true);

    expect((await call(templateGet, 'GET', '/api/admin/templates/catalogue', { session: editor, params: { format: 'catalogue' } })).status).toBe(200);
    expect((await call(templateGet, 'GET', '/api/admin/templates/erp-prices', { session: editor, params: { format: 'erp-prices' } })).status).toBe(403);
    expect((await call(templateGet, 'GET', '/api/admin/templates/nada', { session: admin, params: { format: 'nada' } })).status).toBe(404);
    expect((await call(templateGet, 'GET', '/api/admin/templates/catalogue', { params: { format: 'catalogue' } })).status).toBe(401);
  });
});
