/** @jest-environment node */
import path from 'node:path';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import type { Role } from '@/lib/auth/permissions';
import { getDashboardFigures } from '@/server/admin/dashboard';
import { getDb } from '@/server/db/client';
import { campaigns, orders, products } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { eq } from 'drizzle-orm';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13: /admin/dashboard's figures are counted from the data and shown only for the sections
 * the user may open (spec 6): none for a viewer, the catalogue and campaign figures for an editor,
 * everything for an administrator.
 */
setupTestDatabase();

function viewer(role: Role, isAdmin = false): Viewer {
  return toViewer({ id: `u-${role}`, email: `${role}@example.pt`, role, isAdmin }, isAdmin ? 'admin' : role);
}

const figure = async (v: Viewer, id: string) => (await getDashboardFigures(v)).find((f) => f.id === id)?.value;

beforeAll(async () => {
  const result = await importCatalogueFile(await getDb(), path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
});

it('shows a customer no figure, an editor the catalogue, campaign and order ones, an admin every one', async () => {
  expect(await getDashboardFigures(viewer('viewer'))).toEqual([]);
  const editor = (await getDashboardFigures(viewer('editor'))).map((f) => f.id).sort();
  expect(editor).toEqual(['campaigns-ending', 'orders-overdue', 'orders-week', 'sales-week', 'since-print', 'without-category', 'without-image', 'zero-searches'].sort());
  const admin = (await getDashboardFigures(viewer('admin', true))).map((f) => f.id);
  expect(admin).toContain('access-requests');
});

it('gives the staff reader its figures (catalogue, campaigns, orders and sales), none linked to a list it may not open', async () => {
  const figures = await getDashboardFigures(viewer('reader'));
  expect(figures.map((f) => f.id).sort()).toEqual(['campaigns-ending', 'orders-week', 'sales-week', 'since-print', 'without-category', 'without-image', 'zero-searches'].sort());
  expect(figures.every((f) => f.href === null)).toBe(true);
  expect(figures.find((f) => f.id === 'sales-week')?.unit).toBe('euro');
  // The same figures, with their lists, for an editor.
  const editor = await getDashboardFigures(viewer('editor'));
  expect(editor.find((f) => f.id === 'without-image')?.href).toBe('/admin/products?sem_imagem=1');
  expect(editor.find((f) => f.id === 'without-image')?.value).toBe(figures.find((f) => f.id === 'without-image')?.value);
});

it('counts the active products without a photo and follows a photo being set', async () => {
  const db = await getDb();
  const active = await db.select({ id: products.id }).from(products).where(eq(products.active, true));
  const before = await figure(viewer('editor'), 'without-image');
  expect(before).toBe(active.length);
  await db.update(products).set({ photoPath: '/media/uploads/images/2026/aaaaaaaaaaaaaaaaaaaaaaaa.webp' }).where(eq(products.id, active[0]!.id));
  expect(await figure(viewer('editor'), 'without-image')).toBe(active.length - 1);
});

it('counts the active campaigns ending within a week, not later ones nor inactive ones', async () => {
  const db = await getDb();
  const day = 24 * 3600_000;
  const now = Date.now();
  const before = (await figure(viewer('editor'), 'campaigns-ending')) ?? 0;
  await db.insert(campaigns).values([
    { slug: 'acaba-em-3-dias', title: 'Acaba em 3 dias', startsAt: new Date(now - day), endsAt: new Date(now + 3 * day) },
    { slug: 'acaba-em-10-dias', title: 'Acaba em 10 dias', startsAt: new Date(now - day), endsAt: new Date(now + 10 * day) },
    { slug: 'inativa', title: 'Inativa', active: false, startsAt: new Date(now - day), endsAt: new Date(now + 2 * day) },
  ]);
  expect(await figure(viewer('editor'), 'campaigns-ending')).toBe(before + 1);
});

it("counts the last 7 days' orders and sales with IVA, leaving out cancelled and older ones", async () => {
  const db = await getDb();
  const day = 24 * 3600_000;
  const now = Date.now();
  const reader = viewer('reader');
  const [countBefore, salesBefore] = [(await figure(reader, 'orders-week')) ?? 0, (await figure(reader, 'sales-week')) ?? 0];
  const address = { label: 'Sede', name: 'Cliente', nif: null, line1: 'Rua 1', line2: null, postal_code: '4400-001', locality: 'Gaia', country: 'PT', phone: null };
  const order = (number: string, placedDaysAgo: number, status: 'confirmed' | 'cancelled', net: number, tax: number) => ({
    number,
    customerName: 'Cliente',
    customerEmail: 'cliente@example.pt',
    status,
    deliveryMethod: 'pickup_showroom' as const,
    deliveryAddress: address,
    billingAddress: address,
    paymentMethod: 'bank_transfer' as const,
    paymentData: {} as typeof orders.$inferInsert.paymentData,
    goodsNetCents: net,
    taxCents: tax,
    shippingCents: 0,
    totalCents: net + tax,
    placedAt: new Date(now - placedDaysAgo * day),
  });
  await db.insert(orders).values([
    order('EN-2026-900001', 3, 'confirmed', 10_037, 2_308),
    order('EN-2026-900002', 10, 'confirmed', 50_000, 11_500),
    order('EN-2026-900003', 1, 'cancelled', 20_000, 4_600),
  ]);
  expect(await figure(reader, 'orders-week')).toBe(countBefore + 1);
  expect(await figure(reader, 'sales-week')).toBeCloseTo(salesBefore + 123.45, 2);
});
