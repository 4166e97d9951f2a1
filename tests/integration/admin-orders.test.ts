/** @jest-environment node */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { GET as staffPdfGet } from '@/app/api/admin/orders/[id]/pdf/route';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { resetEnvCache } from '@/lib/env';
import { listAudit } from '@/server/admin/audit';
import { getDb } from '@/server/db/client';
import { inventoryProducts, orderEvents, orders, orderStatusMails } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { advanceOrderAction, cancelOrderAction, markOrderPaidAction } from '@/server/orders/admin-actions';
import { getStaffOrder, listStaffOrders } from '@/server/orders/admin';
import { sendOrderStatusMail } from '@/server/orders/status-mails';
import { clearPricingCache } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 14, staff orders: state changes through `transitionOrder` e-mail the customer (once, by a
 * job; captured by a real SMTP server) and enter the history and the audit log; cancel needs a
 * reason, told to the customer; a bank transfer is marked paid once; `manage_orders` is needed
 * (a viewer is refused, an editor may). Only Next's request scope (next/headers) is stood in for.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let smtp: SmtpCapture;
let ana: Session & { userId: string };
let editor: Session & { userId: string };
let viewer: Session & { userId: string };
let addressId: number;
const model: Record<string, number> = {};
let counter = 0;

function as(session: Session | null) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++counter % 250) + 1}`);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SHOP_NOTIFY_EMAIL = 'encomendas@loja.example.pt';
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana.cliente@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' });
  editor = await signedInAccount({ email: 'eva.editora@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  viewer = await signedInAccount({ email: 'vitor.leitor@example.pt', fullName: 'Vítor Leitor', role: 'viewer', isAdmin: false, userType: 'particular' });
  const address = await call<{ data: { id: number } }>(addressesPost, 'POST', '/api/addresses', {
    session: ana,
    body: { label: 'Casa', name: 'Ana Silva', nif: '123456789', line1: 'Rua do Sol, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
  });
  addressId = address.body.data.id;
}, 120_000);

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await smtp.close();
});

async function placeOrder(how: { delivery: Record<string, unknown>; payment_method: string } = { delivery: { address_id: addressId }, payment_method: 'bank_transfer' }): Promise<{ id: number; number: string }> {
  const cart = await call<{ data: { cart_id: string } }>(cartPost, 'POST', '/api/cart', { session: ana, body: {} });
  const cartId = cart.body.data.cart_id;
  const add = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session: ana, body: { product_id: model['HDT-16200'], quantity_of_packages: 1 } });
  expect(add.status).toBe(201);
  const placed = await call<{ data: { order_id: number; number: string } }>(checkoutPost, 'POST', '/api/checkout', {
    session: ana,
    body: how,
    headers: { 'Idempotency-Key': `admin-orders-${Date.now()}-${++counter}` },
  });
  expect(placed.status).toBe(201);
  // The confirmation and the shop notice go out now, so later waits count only status mails.
  await processDueJobs();
  smtp.clear();
  return { id: placed.body.data.order_id, number: placed.body.data.number };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email));

describe('staff orders', () => {
  it('refuses a viewer (no manage_orders) and changes nothing', async () => {
    const order = await placeOrder();
    as(viewer);
    const refused = await markOrderPaidAction({ orderId: order.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    as(null);
    expect(await advanceOrderAction({ orderId: order.id, to: 'preparing' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const db = await getDb();
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('pending_payment');
    // The staff PDF route: 403 for the viewer.
    const pdf = await call(staffPdfGet, 'GET', `/api/admin/orders/${order.id}/pdf`, { params: { id: String(order.id) }, session: viewer });
    expect(pdf.status).toBe(403);
  });

  it('marks a transfer paid once, then moves it to preparing: each change mails the customer once and enters the history', async () => {
    const order = await placeOrder();
    as(editor);
    expect(await markOrderPaidAction({ orderId: order.id })).toMatchObject({ ok: true, data: { message: 'Admin.Orders.done.paid' } });
    // Twice: refused, nothing changes.
    expect(await markOrderPaidAction({ orderId: order.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Admin.Orders.errors.alreadyPaid' } });
    // Confirmed → preparing.
    expect(await advanceOrderAction({ orderId: order.id, to: 'preparing' })).toMatchObject({ ok: true });
    // A move that is not allowed from here.
    expect(await advanceOrderAction({ orderId: order.id, to: 'completed' })).toMatchObject({ ok: false, error: { code: 'conflict' } });

    await processDueJobs();
    await processDueJobs();
    const mails = await smtp.waitFor(2);
    const toAna = mailsTo('ana.cliente@example.pt');
    expect(toAna.map((m) => m.subject).sort()).toEqual([`Encomenda ${order.number}: Confirmada`, `Encomenda ${order.number}: Em preparação`].sort());
    expect(mails.length).toBe(2);

    const detail = await getStaffOrder(order.id);
    expect(detail.status).toBe('preparing');
    expect(detail.payment.status).toBe('paid');
    expect(detail.events.map((e) => e.to)).toEqual(['pending_payment', 'confirmed', 'preparing']);
    expect(detail.events[1]?.actor).toBe('staff:Eva Editora');
    expect(detail.mails.every((m) => m.sentAt !== null)).toBe(true);
    // Delivered to an address: shipped, never "ready for pickup".
    expect(detail.next).toEqual(['shipped']);

    // A job run again (a retry) sends nothing more.
    const ids = detail.mails.map((m) => m.eventId);
    for (const id of ids) expect(await sendOrderStatusMail(id)).toBe('already-sent');
    expect(mailsTo('ana.cliente@example.pt')).toHaveLength(2);

    const audit = await listAudit('order', order.id);
    expect(audit.map((a) => a.summary)).toEqual(expect.arrayContaining(['Pagamento por transferência registado', 'Estado: confirmed → preparing']));
    expect(audit[0]?.actor).toBe('Eva Editora');
  });

  it('offers a showroom pickup order the pickup moves only, and its "ready" mail says where and when', async () => {
    const order = await placeOrder({ delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' });
    as(editor);
    const start = await getStaffOrder(order.id);
    if (start.status === 'pending_payment') expect(await markOrderPaidAction({ orderId: order.id })).toMatchObject({ ok: true });
    if ((await getStaffOrder(order.id)).status === 'confirmed') expect(await advanceOrderAction({ orderId: order.id, to: 'preparing' })).toMatchObject({ ok: true });
    const preparing = await getStaffOrder(order.id);
    expect(preparing.status).toBe('preparing');
    expect(preparing.next).toEqual(['ready_for_pickup']);
    // "Passar a «Enviada»" is neither offered nor accepted.
    expect(await advanceOrderAction({ orderId: order.id, to: 'shipped' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await advanceOrderAction({ orderId: order.id, to: 'ready_for_pickup' })).toMatchObject({ ok: true });
    expect((await getStaffOrder(order.id)).next).toEqual(['completed']);
    await processDueJobs();
    const subject = `Encomenda ${order.number}: Pronta para levantamento`;
    let mail = smtp.messages.find((m) => m.subject === subject);
    for (let i = 0; !mail && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = smtp.messages.find((m) => m.subject === subject);
    }
    expect(mail).toBeDefined();
    // Where (the showroom of the shop's settings) and when (its opening hours).
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain('Rua do Agro, 245, 4400-012 Vila Nova de Gaia');
    expect(text).toContain('Segunda a Sexta: 08:30–12:30 e 14:30–19:00');
    expect(text).toContain('Sábado: 09:00–12:30');
    expect(mail!.html).toContain('Rua do Agro, 245');
  });

  it('cancels with a reason (required), which the customer reads in the mail', async () => {
    const order = await placeOrder();
    as(editor);
    const noReason = await cancelOrderAction({ orderId: order.id, reason: ' ' });
    expect(noReason).toMatchObject({ ok: false, error: { fieldErrors: { reason: ['Admin.Orders.errors.reasonRequired'] } } });
    expect(await cancelOrderAction({ orderId: order.id, reason: 'Artigo descontinuado pelo fabricante' })).toMatchObject({ ok: true });
    expect(await cancelOrderAction({ orderId: order.id, reason: 'outra vez' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe(`Encomenda ${order.number}: Cancelada`);
    expect(mail?.text).toContain('Artigo descontinuado pelo fabricante');
    const db = await getDb();
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({ toStatus: 'cancelled', note: 'Artigo descontinuado pelo fabricante' });
    const rows = await db.select().from(orderStatusMails).where(eq(orderStatusMails.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('lists orders with filters, overdue first, and answers bad input without an error', async () => {
    const late = await placeOrder();
    const db = await getDb();
    await db.execute(sql`update orders set placed_at = now() - interval '10 days' where id = ${late.id}`);
    const all = await listStaffOrders({ page: 1 });
    expect(all.items[0]?.id).toBe(late.id);
    expect(all.items[0]?.overdue).toBe(true);
    expect(all.overdue).toBeGreaterThanOrEqual(1);
    expect((await listStaffOrders({ page: 1, number: late.number })).items.map((o) => o.id)).toEqual([late.id]);
    expect((await listStaffOrders({ page: 1, customer: '123 456 789' })).total).toBe(all.total);
    expect((await listStaffOrders({ page: 1, customer: 'ninguém%_' })).total).toBe(0);
    expect((await listStaffOrders({ page: 1, status: 'cancelled' })).items.every((o) => o.status === 'cancelled')).toBe(true);
    expect((await listStaffOrders({ page: 1, from: '2099-01-01' })).total).toBe(0);
    as(editor);
    expect(await advanceOrderAction({ orderId: 'abc', to: 'preparing' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await advanceOrderAction({ orderId: 99999999, to: 'preparing' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('serves the order PDF to staff with manage_orders (audited)', async () => {
    const order = await placeOrder();
    const answer = await call(staffPdfGet, 'GET', `/api/admin/orders/${order.id}/pdf?download=1`, { params: { id: String(order.id) }, session: editor });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(`attachment; filename="${order.number}.pdf"`);
    expect((await listAudit('order', order.id)).some((a) => a.summary?.includes('PDF'))).toBe(true);
    const unknown = await call(staffPdfGet, 'GET', '/api/admin/orders/999999/pdf', { params: { id: '999999' }, session: editor });
    expect(unknown.status).toBe(404);
  });
});
