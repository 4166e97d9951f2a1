/** @jest-environment node */
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import CachePerformancePage from '@/app/admin/(console)/cache-performance/page';
import AdminOrderPage from '@/app/admin/(console)/orders/[id]/page';
import AdminOrdersPage from '@/app/admin/(console)/orders/page';
import PhcClientsPage from '@/app/admin/(console)/phc-clients/page';
import PhcSyncPage from '@/app/admin/(console)/phc-sync/page';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { proAccounts } from '@/server/db/schema';
import { applyErpFile } from '@/server/erp/sync';
import { importCatalogueFile } from '@/server/import';
import { signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { resolveServerTree } from '../helpers/server-components';

/**
 * Issue 14's admin screens render on the server with real data and bad query values (never an
 * error): /admin/orders (list and one order), /admin/phc-sync, /admin/phc-clients and
 * /admin/cache-performance. Client leaves are stood in for (they need the browser's router).
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/components/admin/orders/order-actions', () => ({ OrderActions: () => 'ações' }));
jest.mock('@/components/admin/erp/erp-upload', () => ({ ErpUpload: () => 'envio' }));
jest.mock('@/components/admin/erp/erp-client-actions', () => ({ ErpClientActions: () => 'ligar' }));
jest.mock('@/components/admin/cache/cache-actions', () => ({ CacheActions: () => 'ações da cache' }));

setupTestDatabase();

let admin: Session & { userId: string };

beforeAll(async () => {
  resetEnvCache();
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  await db.insert(proAccounts).values({ name: 'Conta Existente', nif: '123456789' });
  admin = await signedInAccount({ email: 'admin.paginas@example.pt', fullName: 'Ana Admin', role: 'admin', isAdmin: true, userType: 'particular' });
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('cookie', admin.cookie);
  const clients = Buffer.from('erp_client_id;nif;name;email;account;discounts\nC1;123456789;Empresa Um;um@ex.pt;;A1=10\nC2;;Empresa Dois;;;\n');
  expect((await applyErpFile({ bytes: clients, fileName: 'clientes.csv', source: 'upload', actor: null })).ok).toBe(true);
  await applyErpFile({ bytes: Buffer.from('model_code;price;discount_group\nHDT-16200;x;A1\n'), fileName: 'maus.csv', source: 'inbox', actor: null });
}, 120_000);

async function html(node: Promise<React.ReactNode>): Promise<string> {
  return renderToStaticMarkup(<>{await resolveServerTree(await node)}</>);
}

it('renders /admin/orders with bad filters ignored, and a missing order as not found', async () => {
  const out = await html(AdminOrdersPage({ searchParams: Promise.resolve({ estado: 'nada', desde: '2026-02-31', ate: 'x', cliente: '%', numero: undefined, pagina: '-3' }) }));
  expect(out).toContain('Encomendas');
  expect(out).toContain('Nenhuma encomenda corresponde a estes filtros.');
  await expect(AdminOrderPage({ params: Promise.resolve({ id: '99999' }) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  await expect(AdminOrderPage({ params: Promise.resolve({ id: 'abc' }) })).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
});

it('renders /admin/phc-sync with the history, the failed run in red', async () => {
  const out = await html(PhcSyncPage());
  expect(out).toContain('Sincronização PHC');
  expect(out).toContain('clientes.csv');
  expect(out).toMatch(/data-status="failed"[^>]*>[\s\S]*maus\.csv/);
  expect(out).toContain('Execução agendada');
});

it('renders /admin/phc-clients: the conflict by NIF first', async () => {
  const out = await html(PhcClientsPage({ searchParams: Promise.resolve({ estado: 'zzz', q: undefined, pagina: undefined }) }));
  expect(out).toContain('Clientes PHC');
  expect(out.indexOf('C1')).toBeLessThan(out.indexOf('C2'));
  expect(out).toContain('Conta Existente');
  const conflicts = await html(PhcClientsPage({ searchParams: Promise.resolve({ estado: 'conflict', q: 'empresa', pagina: '1' }) }));
  expect(conflicts).toContain('Empresa Um');
  expect(conflicts).not.toContain('Empresa Dois');
});

it('renders /admin/cache-performance with every cache and its charts', async () => {
  const out = await html(CachePerformancePage({ searchParams: Promise.resolve({ janela: 'dia' }) }));
  for (const label of ['Páginas do catálogo', 'Resultados de pesquisa', 'Preços por cliente', 'Imagens', 'PDFs do catálogo', 'PDFs de encomendas']) expect(out).toContain(label);
  expect(out).toContain('<svg');
  expect(out).toContain('data-points="96"');
  const hour = await html(CachePerformancePage({ searchParams: Promise.resolve({ janela: ['x', 'y'] }) }));
  expect(hour).toContain('data-points="60"');
});
