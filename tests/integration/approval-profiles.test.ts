/** @jest-environment node */
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { DISCOUNT_PROFILES, discountProfile, profileCoverage } from '@/lib/admin/discount-profiles';
import { effectiveRole } from '@/lib/auth/permissions';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { submitAccessRequest } from '@/server/access-requests/requests';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { accessRequests, addresses, inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { approveAccessRequestAction } from '@/server/people/actions';
import { clearPricingCache, getUserPrices } from '@/server/pricing';
import { getAccountBillingForUser, listCatalogueGroups } from '@/server/pro-accounts/accounts';
import { approveAccessRequest } from '@/server/pro-accounts/requests';
import { behindTrustedFront, CLIENT_IP_HEADER } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';

/**
 * Approval profiles cover every discount group of the catalogue (issue 23, item 6): "Instalador
 * 20/15/10" names groups A–C; the catalogue also has D and E. The approval refuses to leave them
 * at 0 % silently and asks for their percentages; the screen's coverage (rules → groups → models)
 * comes from the same function. The new professional's billing defaults to the company, NIF and
 * address entered at approval.
 */

const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ has: () => false, get: () => undefined }),
}));
jest.mock('@/server/auth/session', () => ({ ...jest.requireActual('@/server/auth/session'), getViewer: jest.fn() }));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const admin: Viewer = toViewer({ id: 'staff-ana', email: 'ana@loja.example.pt', fullName: 'Ana Staff', role: 'admin', isAdmin: true }, effectiveRole('admin', true));

const REQUEST = {
  companyName: 'Canalizações Ribeiro, Lda.',
  fiscalNumber: '510 000 002',
  contactName: 'Joaquim Ribeiro',
  phone: '912345678',
  typology: 'Instalador' as const,
  message: 'Instalador em Gaia.',
  acceptPrivacyPolicy: true as const,
  honeypot: '',
};

async function newRequest(email: string): Promise<number> {
  const outcome = await submitAccessRequest({ ...REQUEST, email });
  if (outcome.outcome !== 'received') throw new Error('not stored');
  return outcome.id;
}

function approvalForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  const base = { mode: 'new', fiscalName: '', nif: '', phcClientId: '', address: '', postalCode: '', city: '', copyFromAccountId: '', attachUser: 'invite' };
  for (const [k, v] of Object.entries({ ...base, ...fields })) {
    if (Array.isArray(v)) for (const item of v) form.append(k, item);
    else form.set(k, v);
  }
  return form;
}

beforeAll(async () => {
  env.SHOP_NOTIFY_EMAIL = 'loja@loja.example.pt';
  resetEnvCache();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set(CLIENT_IP_HEADER, '198.51.100.7');
  jest.mocked(getViewer).mockResolvedValue(admin);
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  // Groups beyond the profile's letters, as in the demo catalogue (D and E) — and a model with none.
  await db.update(inventoryProducts).set({ discountGroup: 'D1' }).where(eq(inventoryProducts.code, 'HDT-20200'));
  await db.update(inventoryProducts).set({ discountGroup: 'E' }).where(eq(inventoryProducts.code, 'VG-0750'));
  await db.update(inventoryProducts).set({ discountGroup: null }).where(eq(inventoryProducts.code, 'VG-0500'));
  clearPricingCache();
}, 120_000);

afterAll(() => {
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
});

describe('what a profile covers', () => {
  it('lists each rule with its groups and models, and the groups no rule reaches', async () => {
    const { groups, withoutGroup } = await listCatalogueGroups();
    expect(groups).toEqual([
      { group: 'A1', models: 1 },
      { group: 'C', models: 1 },
      { group: 'D1', models: 1 },
      { group: 'E', models: 1 },
    ]);
    expect(withoutGroup).toBe(1);
    const coverage = profileCoverage(discountProfile('instalador-20-15-10')!.tiers, groups);
    expect(coverage.tiers).toEqual([
      { prefix: 'A', percentage: '20.00', groups: ['A1'], models: 1 },
      { prefix: 'B', percentage: '15.00', groups: [], models: 0 },
      { prefix: 'C', percentage: '10.00', groups: ['C'], models: 1 },
    ]);
    expect(coverage.missing).toEqual([
      { prefix: 'D', groups: ['D1'], models: 1 },
      { prefix: 'E', groups: ['E'], models: 1 },
    ]);
    expect([coverage.coveredModels, coverage.groupedModels]).toEqual([2, 4]);
  });

  it('every named profile with rules leaves D and E to the approver, none covers them silently', async () => {
    const { groups } = await listCatalogueGroups();
    for (const profile of DISCOUNT_PROFILES.filter((p) => p.tiers.length)) {
      expect(profileCoverage(profile.tiers, groups).missing.map((m) => m.prefix)).toEqual(['D', 'E']);
    }
  });
});

describe('approving with a profile', () => {
  it('refuses a profile that leaves catalogue groups at 0 % without being told, naming them; nothing is written', async () => {
    const requestId = await newRequest('sem-d-e@ribeiro.example.pt');
    const before = await (await getDb()).select({ id: proAccounts.id }).from(proAccounts);
    const refused = await approveAccessRequestAction(approvalForm({ requestId: String(requestId), name: 'Ribeiro Sem DE', profile: 'instalador-20-15-10' }));
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: 'Admin.People.requests.groupsUncovered', values: { groups: 'D, E' }, fieldErrors: { extraPercentage: ['Admin.People.validation.groupPercentage'] } },
    });
    const db = await getDb();
    expect(await db.select({ id: proAccounts.id }).from(proAccounts)).toEqual(before);
    const [request] = await db.select({ status: accessRequests.status }).from(accessRequests).where(eq(accessRequests.id, requestId));
    expect(request!.status).toBe('pending');
  });

  it('asks for the missing groups: a blank or bad percentage is a field error, not an approval', async () => {
    const requestId = await newRequest('em-branco@ribeiro.example.pt');
    const blank = await approveAccessRequestAction(approvalForm({ requestId: String(requestId), name: 'Ribeiro Branco', profile: 'instalador-20-15-10', extraPrefix: ['D', 'E'], extraPercentage: ['8', ''] }));
    expect(blank).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'Admin.People.requests.groupsUncovered', values: { groups: 'E' }, fieldErrors: { extraPercentage: ['Admin.People.validation.groupPercentage'] } } });
    const bad = await approveAccessRequestAction(approvalForm({ requestId: String(requestId), name: 'Ribeiro Branco', profile: 'instalador-20-15-10', extraPrefix: ['D', 'E'], extraPercentage: ['8', '150'] }));
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: { extraPercentage: ['Admin.People.validation.groupPercentage'] } } });
  });

  it('with the percentages given, every group gets its rule and the professional pays them; the company bills by default', async () => {
    const requestId = await newRequest('completo@ribeiro.example.pt');
    const done = await approveAccessRequestAction(
      approvalForm({
        requestId: String(requestId),
        name: 'Ribeiro Completo',
        fiscalName: 'Canalizações Ribeiro, Lda.',
        nif: '510 000 002',
        address: 'Rua da Praia, 12',
        postalCode: '4400-123',
        city: 'Vila Nova de Gaia',
        profile: 'instalador-20-15-10',
        extraPrefix: ['D', 'E'],
        extraPercentage: ['8', '0'],
      }),
    );
    expect(done).toMatchObject({ ok: true });
    const { accountId, userId } = done.ok ? done.data : { accountId: 0, userId: null };
    const db = await getDb();
    const rules = await db.select({ group: priceRules.discountGroup, pct: priceRules.discountPercentage }).from(priceRules).where(eq(priceRules.accountId, accountId));
    expect(Object.fromEntries(rules.map((r) => [r.group, r.pct]))).toEqual({ A1: '20.00', B: '15.00', C: '10.00', D1: '8.00', E: '0.00' });

    const { prices } = await getUserPrices(userId!, ['HDT-20200', 'HDT-16200']);
    expect(prices['HDT-20200']).toMatchObject({ discountPercentage: 8 });
    expect(prices['HDT-16200']).toMatchObject({ discountPercentage: 20 });

    // Billing: the company, its NIF and the address entered at approval, the default one.
    const rows = await db.select().from(addresses).where(eq(addresses.userId, userId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Canalizações Ribeiro, Lda.', nif: '510000002', line1: 'Rua da Praia, 12', postalCode: '4400-123', locality: 'Vila Nova de Gaia', isDefaultBilling: true });
    const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId!));
    expect(rows[0]!.name).not.toBe(user!.fullName);
    expect(await getAccountBillingForUser(userId!)).toEqual({ name: 'Canalizações Ribeiro, Lda.', nif: '510000002', line1: 'Rua da Praia, 12', postalCode: '4400-123', locality: 'Vila Nova de Gaia' });
  });

  it('an account approved without a whole address saves no billing address, but the checkout still knows the company and NIF', async () => {
    const requestId = await newRequest('sem-morada@ribeiro.example.pt');
    const outcome = await approveAccessRequest(
      { requestId, mode: 'new', accountId: null, name: 'Ribeiro Sem Morada', fiscalName: 'Ribeiro Sem Morada, Lda.', nif: null, phcClientId: null, address: 'Rua Só', postalCode: null, city: null, profile: 'sem-desconto', copyFromAccountId: null, attachUser: 'invite', confirmDuplicate: true },
      admin,
    );
    expect(outcome.rules).toBe(0);
    const db = await getDb();
    expect(await db.select().from(addresses).where(eq(addresses.userId, outcome.userId!))).toEqual([]);
    expect(await getAccountBillingForUser(outcome.userId!)).toEqual({ name: 'Ribeiro Sem Morada, Lda.', nif: '510000002', line1: 'Rua Só', postalCode: null, locality: null });
  });

  it('an existing billing address of the person stops being the default: the company is', async () => {
    const requestId = await newRequest('tinha-morada@ribeiro.example.pt');
    // The request's e-mail already has a shop account with a private billing address.
    const first = await approveAccessRequest(
      { requestId, mode: 'new', accountId: null, name: 'Ribeiro Primeira', fiscalName: null, nif: null, phcClientId: null, address: null, postalCode: null, city: null, profile: 'sem-desconto', copyFromAccountId: null, attachUser: 'invite', confirmDuplicate: true },
      admin,
    );
    const db = await getDb();
    await db.insert(addresses).values({ userId: first.userId!, label: 'Casa', name: 'Joaquim Ribeiro', line1: 'Rua de Casa, 1', postalCode: '4000-001', locality: 'Porto', isDefaultBilling: true, isDefaultDelivery: true });
    const [account] = await db.insert(proAccounts).values({ name: 'Ribeiro Segunda', fiscalName: 'Ribeiro Segunda, S.A.', nif: '503504564', address: 'Avenida Nova, 200', postalCode: '4430-999', city: 'Gaia' }).returning({ id: proAccounts.id });
    const second = await newRequest('tinha-morada@ribeiro.example.pt');
    await approveAccessRequest(
      { requestId: second, mode: 'existing', accountId: account!.id, name: undefined, fiscalName: null, nif: null, phcClientId: null, address: null, postalCode: null, city: null, profile: 'none', copyFromAccountId: null, attachUser: first.userId! },
      admin,
    );
    const rows = await db.select({ name: addresses.name, billing: addresses.isDefaultBilling, delivery: addresses.isDefaultDelivery }).from(addresses).where(eq(addresses.userId, first.userId!));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Joaquim Ribeiro', billing: false, delivery: true },
      { name: 'Ribeiro Segunda, S.A.', billing: true, delivery: false },
    ]);
    // The rules of another account are not touched by these approvals.
    expect(await db.select().from(priceRules).where(and(eq(priceRules.accountId, account!.id), inArray(priceRules.discountGroup, ['D1', 'E'])))).toEqual([]);
  });
});
