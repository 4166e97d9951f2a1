import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_PACKAGES, packageLabel } from '@/lib/cart/packages';
import { shippingFor } from '@/lib/cart/summary';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { formatPrice } from '@/lib/format';
import { orderNumber, type DeliveryMethod, type OrderStatus } from '@/lib/orders/status';
import type { CheckoutInput } from '@/lib/validation/orders';
import { addressSnapshot, defaultAddress, findAddress } from '@/server/addresses';
import { AppError } from '@/server/errors';
import { readCartLines } from '@/server/cart/read';
import { lineRuleError, modelRules } from '@/server/cart/rules';
import { nextYearNumber } from '@/server/db/counters';
import { getDb, type Tx } from '@/server/db/client';
import {
  carts,
  orderEvents,
  orderIdempotencyKeys,
  orderLines,
  orderMails,
  orders,
  shopSettings,
  users,
  type AddressSnapshot,
  type OrderMailKind,
  type PaymentData,
} from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { paymentMethod } from '@/server/payments';
import { getPriceFacts, getPricingCustomer, lisbonDay, unitPriceOf } from '@/server/pricing';
import { assertQuoteAcceptable, lockCustomerQuote, markQuoteAccepted, quoteLinesForOrder } from '@/server/quotes/to-order';
import { euros4, lineTotals } from '@/server/pricing/money';

/**
 * Placing an order (`POST /api/checkout`): one transaction that
 *  1. locks the customer's active cart row (`SELECT … FOR UPDATE`): concurrent placements of one
 *     cart queue behind each other, and the later ones find the cart already ordered;
 *  2. answers a repeated Idempotency-Key with the order it made (same request hash) or a 409
 *     (another body) — checked after the lock, so a concurrent retry sees the first one's row;
 *  3. prices every line with server/pricing at that moment (never the cart's stored prices),
 *     refuses an empty cart or unavailable models, and refuses with the new totals (409) when
 *     `expected_total` differs;
 *  4. snapshots lines and addresses, takes the year's next number from a counter row (no gaps:
 *     a rollback gives the number back), writes the first history event, marks the cart
 *     `ordered` (the customer's next cart is a new one) and enqueues the mails as jobs.
 * Nothing is sent before the commit; the job worker sends the mails afterwards.
 */

const text = serverTranslator('Orders');

export interface OrderTotals {
  /** Goods without IVA (euros). */
  subtotal: number;
  tax: number;
  /** Goods with IVA. */
  subtotal_with_tax: number;
  shipping: number;
  /** Goods with IVA plus shipping: what the customer pays. */
  total: number;
}

export interface PlacedOrder {
  order_id: number;
  number: string;
  status: OrderStatus;
  totals: OrderTotals;
  payment: PaymentData;
}

export function totalsOf(cents: { goodsNetCents: number; taxCents: number; shippingCents: number; totalCents: number }): OrderTotals {
  return {
    subtotal: cents.goodsNetCents / 100,
    tax: cents.taxCents / 100,
    subtotal_with_tax: (cents.goodsNetCents + cents.taxCents) / 100,
    shipping: cents.shippingCents / 100,
    total: cents.totalCents / 100,
  };
}

/** Keys sorted at every level: the same body always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

export function requestHash(input: CheckoutInput): string {
  return createHash('sha256').update(JSON.stringify(canonical(input))).digest('hex');
}

export interface ShopFacts {
  legalName: string;
  showroom: AddressSnapshot;
  warehouse: AddressSnapshot;
}

export async function shopFacts(): Promise<ShopFacts> {
  const db = await getDb();
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const s = row ?? { ...DEFAULT_SHOP_SETTINGS };
  const place = (label: string, line1: string, postal: string, city: string, phone: string | null): AddressSnapshot => ({
    label,
    name: s.name,
    nif: null,
    line1,
    line2: null,
    postal_code: postal,
    locality: city,
    country: s.country,
    phone,
  });
  return {
    legalName: s.legalName ?? s.name,
    showroom: place(text('delivery.showroomLabel'), s.address, s.postalCode, s.city, s.phone),
    warehouse: place(
      text('delivery.warehouseLabel'),
      s.warehouseAddress ?? s.address,
      s.warehousePostalCode ?? s.postalCode,
      s.warehouseCity ?? s.city,
      s.warehousePhone ?? s.phone,
    ),
  };
}

type Rows<T> = { rows: T[] };

/** The order as a placement answers it (a replay answers the same, with the current status). */
async function placedOrder(tx: Tx, orderId: number): Promise<PlacedOrder> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished`);
  return { order_id: row.id, number: row.number, status: row.status, totals: totalsOf(row), payment: row.paymentData };
}

/** One order line to write: what was ordered, its prices (ten-thousandths, hundredths of %) and cents. */
interface PricedLine {
  line: {
    modelId: number | null;
    code: string;
    modelName: string;
    size: string | null;
    productCode: string;
    productName: string;
    packageType: string;
    per: number;
    packages: number;
  };
  base: number;
  discount: number;
  taxRate: number;
  unit: number;
  units: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  position: number;
}

/** The cart's lines priced by server/pricing at this moment (fresh from the database); 409 naming models no longer sold. */
async function cartLinesPriced(tx: Tx, userId: string, cartId: string, now: Date): Promise<PricedLine[]> {
  const lines = await readCartLines(tx, cartId);
  if (lines.length === 0) throw new AppError({ code: 'unprocessable', key: 'Orders.cartEmpty' });

  const customer = await getPricingCustomer(userId, tx);
  const { facts } = await getPriceFacts(
    customer,
    lines.map((l) => l.code),
    { db: tx, now, fresh: true },
  );
  const unavailable = lines.filter((l) => !facts.has(l.code)).map((l) => l.code);
  if (unavailable.length > 0) {
    throw new AppError({
      code: 'conflict',
      key: 'Orders.lineUnavailable',
      values: { codes: unavailable.join(', ') },
      details: { unavailable },
    });
  }
  return lines.map((line, index) => {
    const f = facts.get(line.code)!;
    const unit = unitPriceOf(f);
    const units = line.packages * line.per;
    const { netCents, grossCents } = lineTotals(unit, units, f.taxRate);
    // The package as the shop names it (never a label a client sent).
    return { line: { ...line, packageType: packageLabel(line.per) }, base: f.base, discount: f.discount, taxRate: f.taxRate, unit, units, netCents, taxCents: grossCents - netCents, grossCents, position: index + 1 };
  });
}

/**
 * Refuses (409) an order with lines whose package or quantity their model's rules do not allow
 * today (staff changed the rule or the packages after the line was added or quoted), naming each
 * line. A quote's line whose model no longer exists has no rule left to check.
 */
async function assertLinesAllowed(tx: Tx, priced: readonly PricedLine[], fromQuote: boolean): Promise<void> {
  const rules = await modelRules(
    tx,
    priced.flatMap((p) => (p.line.modelId === null ? [] : [p.line.modelId])),
  );
  const refused: { text: string; line: PricedLine['line']; minimum: number; increment: number }[] = [];
  for (const p of priced) {
    const model = p.line.modelId === null ? undefined : rules.get(p.line.modelId);
    if (!model || !lineRuleError(model, p.line.per, p.line.packages)) continue;
    const values = { code: p.line.code, name: p.line.modelName, packages: p.line.packages, package: p.line.packageType };
    const reason =
      p.line.per !== 1 && !model.packages.includes(p.line.per)
        ? text('lineRulePackage', values)
        : p.line.packages > MAX_PACKAGES
          ? text('lineRuleRange', { ...values, max: MAX_PACKAGES })
          : text('lineRuleMultiple', { ...values, increment: model.rule.increment, minimum: model.rule.minimum });
    refused.push({ text: reason, line: p.line, minimum: model.rule.minimum, increment: model.rule.increment });
  }
  if (refused.length === 0) return;
  const lines = refused.map((r) => r.text);
  throw new AppError({
    code: 'conflict',
    key: fromQuote ? 'Orders.quoteLineRuleRefused' : 'Orders.lineRuleRefused',
    values: { lines: lines.join('; ') },
    details: { lines },
    data: {
      lines: refused.map((r) => ({
        model_code: r.line.code,
        items_per_package: r.line.per,
        quantity_of_packages: r.line.packages,
        sales_minimum: r.minimum,
        sales_increment: r.increment,
      })),
    },
  });
}

/** A line of an accepted quote: its quoted net unit price is the price (no further discount). */
function quotedLine(q: Awaited<ReturnType<typeof quoteLinesForOrder>>[number], index: number): PricedLine {
  return {
    line: { modelId: q.modelId, code: q.code, modelName: q.modelName, size: q.size, productCode: q.productCode, productName: q.productName, packageType: q.packageType, per: q.per, packages: q.packages },
    base: q.unit,
    discount: 0,
    taxRate: q.taxRate,
    unit: q.unit,
    units: q.units,
    netCents: q.netCents,
    taxCents: q.grossCents - q.netCents,
    grossCents: q.grossCents,
    position: index + 1,
  };
}

export const ORDER_MAIL_KINDS: readonly OrderMailKind[] = ['confirmation', 'shop_notice'];

/** The order placed, or found again for a repeated Idempotency-Key (`replayed`). */
export async function placeOrder(
  userId: string,
  idempotencyKey: string,
  input: CheckoutInput,
  options: { now?: Date; quoteId?: number } = {},
): Promise<{ order: PlacedOrder; replayed: boolean }> {
  const now = options.now ?? new Date();
  // Accepting a quote is another submission than placing the cart, even with the same choices.
  const hash = requestHash(options.quoteId === undefined ? input : ({ ...input, quote_id: options.quoteId } as CheckoutInput));
  // Before the transaction: on PGlite the transaction holds the only connection.
  await getJobs();
  const shop = await shopFacts();
  const db = await getDb();

  const result = await db.transaction(async (tx) => {
    // 1. What is ordered, locked until commit: the customer's active cart, or the quote accepted.
    let cartId: string | undefined;
    const quote = options.quoteId === undefined ? null : await lockCustomerQuote(tx, userId, options.quoteId);
    if (!quote) {
      const locked = (await tx.execute(sql`
        select id from carts where user_id = ${userId} and status = 'active' for update`)) as unknown as Rows<{ id: string }>;
      cartId = locked.rows[0]?.id;
    }

    // 2. A submission seen before: the same order, or 409 for another body under the same key.
    const [seen] = await tx
      .select({ hash: orderIdempotencyKeys.requestHash, orderId: orderIdempotencyKeys.orderId })
      .from(orderIdempotencyKeys)
      .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, idempotencyKey)));
    if (seen) {
      if (seen.hash !== hash) throw new AppError({ code: 'conflict', key: 'Orders.idempotencyConflict' });
      return { order: await placedOrder(tx, seen.orderId), replayed: true };
    }
    // A method the shop cannot take now (Multibanco / MB WAY without the provider's credentials).
    if (!paymentMethod(input.payment_method).enabled()) {
      throw new AppError({ code: 'unprocessable', key: 'Orders.paymentUnavailable', fieldErrors: { payment_method: ['Orders.paymentUnavailable'] } });
    }
    if (quote) assertQuoteAcceptable(quote, now);
    else if (!cartId) throw new AppError({ code: 'unprocessable', key: 'Orders.cartEmpty' });

    // 3. Lines: the quote's, at its quoted prices; or the cart's, priced now.
    const priced = quote ? (await quoteLinesForOrder(tx, quote.id)).map(quotedLine) : await cartLinesPriced(tx, userId, cartId!, now);
    // Every line still keeps its model's package and pack rule (read now, in this transaction).
    await assertLinesAllowed(tx, priced, quote !== null);

    // Delivery, billing and payment.
    let deliveryMethod: DeliveryMethod;
    let deliveryAddress: AddressSnapshot;
    let deliveryRow = null;
    if ('address_id' in input.delivery) {
      deliveryRow = await findAddress(userId, input.delivery.address_id, tx);
      if (!deliveryRow) throw new AppError({ code: 'not_found', key: 'Orders.addressNotFound' });
      deliveryMethod = 'delivery';
      deliveryAddress = addressSnapshot(deliveryRow);
    } else {
      deliveryMethod = input.delivery.pickup === 'warehouse' ? 'pickup_warehouse' : 'pickup_showroom';
      deliveryAddress = input.delivery.pickup === 'warehouse' ? shop.warehouse : shop.showroom;
    }
    let billingRow = null;
    if (input.billing_address_id) {
      billingRow = await findAddress(userId, input.billing_address_id, tx);
      if (!billingRow) throw new AppError({ code: 'not_found', key: 'Orders.addressNotFound' });
    } else {
      billingRow = (await defaultAddress(userId, 'billing', tx)) ?? deliveryRow;
    }
    if (!billingRow) {
      throw new AppError({ code: 'bad_request', key: 'Orders.billingRequired', fieldErrors: { billing_address_id: ['Orders.billingRequired'] } });
    }
    const [customerRow] = await tx.select({ name: users.fullName, fallback: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    const method = paymentMethod(input.payment_method);
    if (!method.accepts(deliveryMethod)) {
      throw new AppError({ code: 'bad_request', key: 'Orders.paymentNeedsPickup', fieldErrors: { payment_method: ['Orders.paymentNeedsPickup'] } });
    }

    // Totals: the rule of lib/cart/summary.ts (free shipping from 350 € of goods with IVA); pickup ships nothing.
    const goodsNetCents = priced.reduce((s, p) => s + p.netCents, 0);
    const goodsGrossCents = priced.reduce((s, p) => s + p.grossCents, 0);
    // A quote's shipping is the one staff quoted.
    const shippingCents = deliveryMethod !== 'delivery' ? 0 : quote ? (quote.shippingCents ?? 0) : Math.round(shippingFor(goodsGrossCents / 100) * 100);
    const cents = { goodsNetCents, taxCents: goodsGrossCents - goodsNetCents, shippingCents, totalCents: goodsGrossCents + shippingCents };
    // Money columns are integers of cents: an order past what they hold (21 million euros) is
    // refused in words, not by the database.
    const MAX_CENTS = 2_000_000_000;
    if (cents.totalCents > MAX_CENTS || priced.some((p) => p.grossCents > MAX_CENTS)) {
      throw new AppError({ code: 'unprocessable', key: 'Orders.orderTooLarge' });
    }
    const totals = totalsOf(cents);
    if (input.expected_total !== undefined && input.expected_total !== null && Math.round(input.expected_total * 100) !== cents.totalCents) {
      throw new AppError({
        code: 'conflict',
        key: 'Orders.priceChanged',
        values: { total: formatPrice(totals.total) },
        fieldErrors: { expected_total: ['Orders.priceChanged'] },
        data: { totals, lines: priced.map((p) => ({ model_code: p.line.code, unit_price: euros4(p.unit), total_price: p.netCents / 100, total_price_with_tax: p.grossCents / 100 })) },
      });
    }

    // 4. The number: the year's counter row, incremented under its row lock.
    const year = Number(lisbonDay(now).slice(0, 4));
    const number = orderNumber(year, await nextYearNumber(tx, 'order_counters', year));
    const payment = method.instructions({
      orderNumber: number,
      totalCents: cents.totalCents,
      delivery: deliveryMethod,
      shopLegalName: shop.legalName,
      mbwayPhone: input.mbway_phone ?? null,
    });

    const [order] = await tx
      .insert(orders)
      .values({
        number,
        userId,
        customerName: customerRow?.name || customerRow?.fallback || '',
        customerEmail: customerRow?.email ?? '',
        cartId: cartId ?? null,
        status: method.initialStatus,
        deliveryMethod,
        deliveryAddress,
        billingAddress: addressSnapshot(billingRow),
        paymentMethod: method.id,
        paymentData: payment,
        poReference: input.po_reference ?? null,
        notes: input.notes ?? null,
        ...cents,
        placedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await tx.insert(orderLines).values(
      priced.map((p) => ({
        orderId,
        position: p.position,
        modelId: p.line.modelId,
        modelCode: p.line.code,
        productCode: p.line.productCode,
        productName: p.line.productName,
        modelName: p.line.modelName,
        size: p.line.size,
        packageType: p.line.packageType,
        itemsPerPackage: p.line.per,
        packages: p.line.packages,
        units: p.units,
        baseUnitPrice: (p.base / 10_000).toFixed(4),
        discountPercentage: (p.discount / 100).toFixed(2),
        unitPrice: (p.unit / 10_000).toFixed(4),
        taxRate: (p.taxRate / 100).toFixed(2),
        lineNetCents: p.netCents,
        lineTaxCents: p.taxCents,
        lineTotalCents: p.grossCents,
      })),
    );
    await tx.insert(orderEvents).values({ orderId, fromStatus: null, toStatus: method.initialStatus, actor: `user:${userId}`, note: `payment:${method.id}`, createdAt: now });
    await tx.insert(orderIdempotencyKeys).values({ userId, key: idempotencyKey, requestHash: hash, orderId });
    // Provider methods: the payment row and the job that asks the provider (server/payments).
    if (method.provider) await method.provider.prepare(tx, { orderId, totalCents: cents.totalCents, mbwayPhone: input.mbway_phone ?? null });
    if (quote) await markQuoteAccepted(tx, quote, orderId, userId);
    else await tx.update(carts).set({ status: 'ordered', updatedAt: now }).where(eq(carts.id, cartId!));

    // The mails: a row per kind (sent once) and a job each, committed with the order.
    await tx.insert(orderMails).values(ORDER_MAIL_KINDS.map((kind) => ({ orderId, kind })));
    for (const kind of ORDER_MAIL_KINDS) {
      await enqueue(tx, JOB_QUEUES.orderMail, { orderId, kind }, { singletonKey: `order:${orderId}:${kind}` });
    }
    // The confirmation PDF (server/orders/pdf.ts), rendered by the worker after the commit.
    await enqueue(tx, JOB_QUEUES.orderPdf, { orderId }, { singletonKey: `order:${orderId}:pdf` });
    return { order: { order_id: orderId, number, status: method.initialStatus, totals, payment }, replayed: false };
  });
  if (!result.replayed) {
    // Committed: a provider method asks for its reference / MB WAY request now (outside the
    // transaction; on failure the job asks again), then the mails go out rather than at the
    // worker's next poll.
    const provider = paymentMethod(input.payment_method).provider;
    if (provider) result.order.payment = (await provider.request(result.order.order_id)) ?? result.order.payment;
    wakeJobWorker();
  }
  return result;
}
