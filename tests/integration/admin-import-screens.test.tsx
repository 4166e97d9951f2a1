/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import ImportResultPage from '@/app/admin/(console)/catalogue-management/imports/[id]/page';
import CatalogueManagementPage from '@/app/admin/(console)/catalogue-management/page';
import PhcSyncPage from '@/app/admin/(console)/phc-sync/page';
import RulesImportPage from '@/app/admin/(console)/pro-accounts/import/page';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { applyErpFile } from '@/server/erp/sync';
import { importCatalogueFile } from '@/server/import';
import { exportCatalogueRows, toCsv } from '@/server/import/export';
import { importCatalogueRows } from '@/server/import/index';
import { readCsvText } from '@/server/import/read';
import { signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { resolveServerTree } from '../helpers/server-components';

/**
 * Issue 23, the import and sync screens as staff get them (rendered on the server with real data):
 * each offers its template and describes its columns in the screen, names no README nor server
 * folder; the ERP history shows the lines a run skipped with their CSV; the result page of an
 * import says what changed and which accounts went, with the way back. Client leaves are stood in
 * for (they need the browser's router).
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/components/admin/erp/erp-upload', () => ({ ErpUpload: () => 'envio' }));
jest.mock('@/components/admin/people/rules-import-form', () => ({ RulesImportForm: () => 'formulário' }));
jest.mock('@/components/admin/catalogue/catalogue-import', () => ({
  ...jest.requireActual('@/components/admin/catalogue/catalogue-import'),
  CatalogueImport: () => 'importar',
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let admin: Session & { userId: string };
let dataDir: string;

async function html(node: Promise<React.ReactNode>): Promise<string> {
  return renderToStaticMarkup(<>{await resolveServerTree(await node)}</>);
}

/** What no staff screen may show (issue 23). */
function expectNoServerDetails(out: string) {
  expect(out).not.toMatch(/README/i);
  expect(out).not.toContain(dataDir);
  expect(out).not.toMatch(/phc-inbox|phc-uploads|DATA_DIR|PHC_INBOX_DIR/);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-screens-'));
  env.DATA_DIR = dataDir;
  resetEnvCache();
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  admin = await signedInAccount({ email: 'admin.ecras@example.pt', fullName: 'Ana Ecrãs', role: 'admin', isAdmin: true, userType: 'particular' });
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('cookie', admin.cookie);
}, 120_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
});

it('the catalogue import screen offers the template and describes every column', async () => {
  const out = await html(CatalogueManagementPage());
  expect(out).toContain('href="/api/admin/templates/catalogue"');
  expect(out).toContain('Descarregar modelo (CSV)');
  for (const column of ['chapter_code', 'family_code', 'model_code', 'price', 'ean', 'attributes']) expect(out).toContain(`>${column}</th>`);
  expect(out).toContain('Preço sem IVA, em euros, até 4 casas decimais');
  expect(out).toContain('recusa o ficheiro inteiro');
  expectNoServerDetails(out);
});

it('the PHC sync screen offers both templates, names no folder, and shows what a run skipped with its CSV', async () => {
  const applied = await applyErpFile({
    bytes: Buffer.from('model_code;price;discount_group\nHDT-16200;1,30;A1\nSO-NO-PHC;2;A1\n'),
    fileName: 'phc-precos.csv',
    source: 'inbox',
    actor: null,
  });
  if (!applied.ok) throw new Error(applied.report.join('\n'));
  const out = await html(PhcSyncPage());
  expect(out).toContain('href="/api/admin/templates/erp-prices"');
  expect(out).toContain('href="/api/admin/templates/erp-clients"');
  for (const column of ['model_code', 'discount_group', 'erp_client_id', 'discounts']) expect(out).toContain(`>${column}</th>`);
  expect(out).toContain('Os artigos que a loja não vende (código desconhecido no catálogo) são ignorados');
  expect(out).toContain('1 linha ignorada (artigos desconhecidos)');
  expect(out).toContain(`href="/api/admin/erp/skipped?run=${applied.runId}"`);
  expectNoServerDetails(out);
});

it('the price-rule import screen offers its template and columns', async () => {
  const out = await html(RulesImportPage());
  expect(out).toContain('href="/api/admin/templates/price-rules"');
  for (const column of ['erp', 'nif', 'grupo', 'percentagem', 'inicio', 'fim']) expect(out).toContain(`>${column}</th>`);
  expect(out).toContain('são ignoradas');
  expectNoServerDetails(out);
});

it('the result page of an import: what changed, the accounts, the way back; an unknown one is not found', async () => {
  const db = await getDb();
  const rows = await exportCatalogueRows(db);
  const changed = rows.map((r) => (r.model_code === 'HDT-20200' ? { ...r, price: '9,99' } : r));
  const read = readCsvText(toCsv(changed));
  const result = await importCatalogueRows(db, read.rows, {
    source: 'import',
    actor: { id: admin.userId, email: 'admin.ecras@example.pt', displayName: 'Ana Ecrãs' },
    file: { name: 'precos.csv', sha256: 'a'.repeat(64) },
  });
  if (!result.ok) throw new Error('import failed');
  expect(result.auditId).not.toBeNull();
  const out = await html(ImportResultPage({ params: Promise.resolve({ id: String(result.auditId) }) }));
  expect(out).toContain('Resultado da importação');
  expect(out).toContain('precos.csv');
  expect(out).toContain('Ana Ecrãs');
  expect(out).toMatch(/data-testid="summary-models"[\s\S]*?data-testid="updated"[^>]*>1</);
  expect(out).toContain('Nenhuma conta foi removida.');
  expect(out).toContain('href="/admin/catalogue-management"');
  await expect(ImportResultPage({ params: Promise.resolve({ id: '999999' }) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  await expect(ImportResultPage({ params: Promise.resolve({ id: 'abc' }) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  // The history of the import screen links to it.
  expect(await html(CatalogueManagementPage())).toContain(`href="/admin/catalogue-management/imports/${result.auditId}"`);
});
