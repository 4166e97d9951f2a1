import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { packageLabel } from '@/lib/cart/packages';
import { env } from '@/lib/env';
import type { QuoteDetail, QuoteLineView, QuoteSummary, QuoteTotals } from '@/lib/quotes/types';
import { canQuoteTransition, DEFAULT_QUOTE_VALIDITY_DAYS, quoteNumber, REQUESTABLE_AGAIN, type QuoteStatus } from '@/lib/quotes/status';
import type { QuoteAnswerInput, QuoteRequestInput } from '@/lib/validation/quotes';
import { AppError } from '@/server/errors';
import { limitRequest } from '@/server/auth/rate-limit';
import { hashIp } from '@/server/security/hash-ip';
import { checkedLine, findCart } from '@/server/cart';
import { getDb, type Db, type Tx } from '@/server/db/client';
import {
  cartItems,
  inventoryProducts,
  products,
  quoteEvents,
  quoteLines,
  quoteMails,
  quoteMessages,
  quotes,
  users,
  type QuoteMailKind,
} from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { linesToCart, type ReorderResult } from '@/server/orders/reorder';
import { serverTranslator } from '@/server/i18n';
import { getPriceFacts, getPricingCustomer, lisbonDay, unitPriceOf } from '@/server/pricing';
import { lineTotals } from '@/server/pricing/money';

/**
 * Quotes, the server's one module for them: a request (guest or customer) snapshots
 * its lines and gets a number `OR-YYYY-NNNNNN`; staff answer with a net price per line, shipping
 * and a validity date; the customer accepts (into an order), declines, or lets it expire; staff
 * may withdraw it. Every change of state goes through `moveQuote` (row lock, allowed moves only,
 * one `quote_events` row with the actor), and every change bumps `version`, so an answer made on
 * an older version is refused.
 *
 * Who may read or act on a quote is in the query (`accessCondition`): its customer, the holder of
 * the guest link's token (its SHA-256 is stored, the token only travels in the mail) while the
 * quote belongs to no account, or staff. Anyone else gets 404, as for a quote that does not exist.
 * Once a guest's quote has joined the account of its e-mail (`claimGuestQuotes`) its link opens
 * nothing more: whoever asked for it with that address is not necessarily its owner. The hash
 * stays, so the link can still say where the quote went (403 `Quotes.linkClaimed`, and the page's
 * neutral notice) instead of looking like a broken link.
 */

const text = serverTranslator('Quotes');

export type QuoteAccess = { kind: 'user'; userId: string } | { kind: 'token'; token: string } | { kind: 'staff'; userId: string };

export type { QuoteDetail, QuoteLineView, QuoteSummary, QuoteTotals };

type Rows<T> = { rows: T[] };
type QuoteRow = typeof quotes.$inferSelect;

function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'Quotes.notFound' });
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 128 random bits, base64url (22 characters): a guest's private link. */
export function newQuoteToken(): string {
  return randomBytes(16).toString('base64url');
}

function accessCondition(access: QuoteAccess): SQL | undefined {
  if (access.kind === 'user') return eq(quotes.userId, access.userId);
  // The guest link works only while the quote is a guest's: claimed by an account, it opens nothing.
  if (access.kind === 'token') return and(eq(quotes.accessTokenHash, tokenHash(access.token)), isNull(quotes.userId));
  return undefined;
}

/**
 * The refusal of a quote the access does not open: 404 as for a quote that does not exist, except
 * for the guest link of a quote that has since joined its customer's account, which is told so
 * (403 `Quotes.linkClaimed`, nothing of the quote in it).
 */
async function refusalFor(db: Db | Tx, access: QuoteAccess, id: number): Promise<AppError> {
  if (access.kind !== 'token') return notFound();
  const [claimed] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.accessTokenHash, tokenHash(access.token)), isNotNull(quotes.userId)));
  return claimed ? linkClaimed() : notFound();
}

function linkClaimed(): AppError {
  return new AppError({ code: 'forbidden', key: 'Quotes.linkClaimed' });
}

function actorOf(access: QuoteAccess | null): string {
  if (!access) return 'guest';
  if (access.kind === 'token') return 'guest';
  return access.kind === 'staff' ? `staff:${access.userId}` : `user:${access.userId}`;
}

/** Days a new answer stays valid (QUOTE_VALIDITY_DAYS, default 30). */
export function quoteValidityDays(): number {
  const raw = Number(env().QUOTE_VALIDITY_DAYS ?? DEFAULT_QUOTE_VALIDITY_DAYS);
  return Number.isInteger(raw) && raw >= 1 && raw <= 365 ? raw : DEFAULT_QUOTE_VALIDITY_DAYS;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The moment a quote valid until `day` (Lisbon) expires: the start of the next day there. */
export function expiryMoment(day: string): Date {
  const next = addDays(day, 1);
  // Lisbon is UTC+0 in winter and UTC+1 in summer: try both, keep the one that is midnight there.
  for (const offset of [0, 1]) {
    const candidate = new Date(`${next}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    if (lisbonDay(candidate) === next && lisbonDay(new Date(candidate.getTime() - 1)) === day) return candidate;
  }
  return new Date(`${next}T00:00:00Z`);
}

function totalsOf(row: Pick<QuoteRow, 'goodsNetCents' | 'taxCents' | 'shippingCents' | 'totalCents'>): QuoteTotals | null {
  if (row.totalCents === null || row.goodsNetCents === null || row.taxCents === null || row.shippingCents === null) return null;
  return { subtotal: row.goodsNetCents / 100, tax: row.taxCents / 100, shipping: row.shippingCents / 100, total: row.totalCents / 100 };
}

// ---------------------------------------------------------------------------------------------
// Requesting

interface RequestedLine {
  modelId: number;
  code: string;
  packageType: string;
  itemsPerPackage: number;
  packages: number;
}

export interface QuoteRequester {
  userId: string;
}

export interface RequestedQuote {
  quote_id: number;
  number: string;
  status: QuoteStatus;
  /** A guest's private link token (also mailed); absent for a customer. */
  access_token?: string;
}

async function linesFromInput(input: QuoteRequestInput, requester: QuoteRequester | null): Promise<RequestedLine[]> {
  const db = await getDb();
  if (input.lines) {
    const out: RequestedLine[] = [];
    for (const [index, line] of input.lines.entries()) {
      try {
        // The package is named by the server (`selected_package_type` from the client is ignored).
        const checked = await checkedLine(db, {
          modelId: line.product_id,
          itemsPerPackage: line.items_per_package,
          packages: line.quantity_of_packages,
        });
        out.push(checked);
      } catch (error) {
        if (error instanceof AppError) {
          throw new AppError({ code: error.code, key: 'Quotes.lineRefused', values: { line: index + 1, reason: error.message }, details: { [`lines.${index}`]: [error.message] } });
        }
        throw error;
      }
    }
    return out;
  }
  const cart = await findCart(input.cart_id!, requester ? { userId: requester.userId } : null, db);
  if (!cart) throw new AppError({ code: 'not_found', key: 'Quotes.cartNotFound' });
  const rows = await db
    .select({ modelId: cartItems.modelId, code: inventoryProducts.code, itemsPerPackage: cartItems.itemsPerPackage, packages: cartItems.quantityOfPackages })
    .from(cartItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, cartItems.modelId))
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(eq(cartItems.cartId, cart.id), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (rows.length === 0) throw new AppError({ code: 'unprocessable', key: 'Quotes.cartEmpty' });
  // The cart's lines are checked as they are today (a rule may have changed since they were
  // added), and their packages named by the server.
  const out: RequestedLine[] = [];
  for (const [index, row] of rows.entries()) {
    try {
      out.push(await checkedLine(db, { modelId: row.modelId, itemsPerPackage: row.itemsPerPackage, packages: row.packages }));
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError({
          code: error.code,
          key: 'Quotes.cartLineRefused',
          values: { line: index + 1, code: row.code, reason: error.message },
          details: { [`cart.${index}`]: [error.message] },
        });
      }
      throw error;
    }
  }
  return out;
}

/** `POST /api/quotes`: a new request from lines or a cart; a guest gives their contact and gets a private link. */
export async function requestQuote(requester: QuoteRequester | null, input: QuoteRequestInput, meta: { ip?: string | null } = {}): Promise<RequestedQuote> {
  const db = await getDb();
  let contact: { name: string; email: string; phone: string | null; company: string | null; nif: string | null };
  if (requester) {
    const [user] = await db.select({ name: users.fullName, fallback: users.name, email: users.email, fiscal: users.fiscalName }).from(users).where(eq(users.id, requester.userId));
    if (!user) throw new AppError({ code: 'unauthorized', key: 'Quotes.loginAgain' });
    contact = { name: input.name ?? (user.name || user.fallback || user.email), email: user.email, phone: input.phone, company: input.company ?? user.fiscal ?? null, nif: input.nif };
  } else {
    const details: Record<string, string[]> = {};
    if (!input.name) details.name = [text('validation.nameRequired')];
    if (!input.email) details.email = [text('validation.emailRequired')];
    if (!input.phone) details.phone = [text('validation.phoneRequired')];
    if (Object.keys(details).length > 0) throw new AppError({ code: 'bad_request', key: 'Quotes.contactRequired', details });
    contact = { name: input.name!, email: input.email!, phone: input.phone, company: input.company, nif: input.nif };
  }
  await limitRequest('quote', { ip: meta.ip ?? null, email: contact.email });

  const lines = await linesFromInput(input, requester);
  const ids = [...new Set(lines.map((l) => l.modelId))];
  const snapshots = await db
    .select({
      id: inventoryProducts.id,
      code: inventoryProducts.code,
      name: inventoryProducts.name,
      size: inventoryProducts.size,
      productCode: products.productCode,
      productName: products.name,
    })
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(inArray(inventoryProducts.id, ids));
  const byId = new Map(snapshots.map((s) => [s.id, s]));
  const customer = requester ? await getPricingCustomer(requester.userId) : null;
  const { facts } = await getPriceFacts(customer, [...new Set(lines.map((l) => l.code))]);

  const token = requester ? null : newQuoteToken();
  const now = new Date();
  await getJobs();
  const created = await db.transaction(async (tx) => {
    const year = Number(lisbonDay(now).slice(0, 4));
    const counter = (await tx.execute(sql`
      insert into quote_counters (year, last) values (${year}, 1)
      on conflict (year) do update set last = quote_counters.last + 1
      returning last`)) as unknown as Rows<{ last: number }>;
    const number = quoteNumber(year, Number(counter.rows[0]!.last));
    const [quote] = await tx
      .insert(quotes)
      .values({
        number,
        userId: requester?.userId ?? null,
        contactName: contact.name,
        contactEmail: contact.email,
        contactPhone: contact.phone,
        company: contact.company,
        nif: contact.nif,
        message: input.message,
        accessTokenHash: token ? tokenHash(token) : null,
        status: 'requested',
        ipHash: hashIp(meta.ip ?? null),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quotes.id });
    const quoteId = quote!.id;
    await tx.insert(quoteLines).values(
      lines.map((line, index) => {
        const s = byId.get(line.modelId)!;
        const f = facts.get(line.code);
        return {
          quoteId,
          position: index + 1,
          modelId: line.modelId,
          modelCode: s.code,
          productCode: s.productCode,
          productName: s.productName,
          modelName: s.name,
          size: s.size,
          packageType: line.packageType,
          itemsPerPackage: line.itemsPerPackage,
          packages: line.packages,
          units: line.packages * line.itemsPerPackage,
          taxRate: ((f?.taxRate ?? 2300) / 100).toFixed(2),
          // Visitors see no prices (spec 6): a guest's line keeps none.
          listUnitPrice: requester && f ? (unitPriceOf(f) / 10_000).toFixed(4) : null,
        };
      }),
    );
    await tx.insert(quoteEvents).values({ quoteId, fromStatus: null, toStatus: 'requested', actor: requester ? `user:${requester.userId}` : 'guest', createdAt: now });
    await queueMails(tx, quoteId, ['acknowledgement', 'shop_notice'], token);
    return { quote_id: quoteId, number, status: 'requested' as const };
  });
  wakeJobWorker();
  return token ? { ...created, access_token: token } : created;
}

/** Mail rows and their jobs, inside the caller's transaction. */
async function queueMails(tx: Tx, quoteId: number, kinds: QuoteMailKind[], token: string | null = null): Promise<void> {
  for (const kind of kinds) {
    const [mail] = await tx.insert(quoteMails).values({ quoteId, kind }).returning({ id: quoteMails.id });
    const payload = kind === 'acknowledgement' && token ? { mailId: mail!.id, token } : { mailId: mail!.id };
    await enqueue(tx, JOB_QUEUES.quoteMail, payload, { singletonKey: `quote-mail:${mail!.id}` });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A guest's quotes join the account of the same, verified, e-mail (the issue: "the quote joins that account"). */
export async function claimGuestQuotes(userId: string): Promise<number> {
  const db = await getDb();
  const result = (await db.execute(sql`
    update quotes set user_id = ${userId}, updated_at = now()
    from users
    where users.id = ${userId} and users.email_verified
      and quotes.user_id is null and lower(quotes.contact_email) = lower(users.email)
    returning quotes.id`)) as unknown as Rows<{ id: number }>;
  return result.rows.length;
}

/** Answered quotes whose validity ended are expired (by their job, and again by any read that finds one). */
export async function expireDueQuotes(now = new Date(), quoteId?: number): Promise<number> {
  const db = await getDb();
  const today = lisbonDay(now);
  const due = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.status, 'answered'), sql`${quotes.validUntil} < ${today}`, quoteId ? eq(quotes.id, quoteId) : undefined));
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const row = await lockQuote(tx, id, undefined);
      if (row.status === 'answered' && row.validUntil !== null && row.validUntil < today) {
        await moveQuote(tx, row, 'expired', 'system', null);
        expired++;
      }
    });
  }
  return expired;
}

export async function listQuotes(
  access: QuoteAccess,
  options: { limit: number; offset: number; status?: QuoteStatus },
): Promise<{ items: QuoteSummary[]; total: number }> {
  if (access.kind === 'user') await claimGuestQuotes(access.userId);
  await expireDueQuotes();
  const db = await getDb();
  const where = and(accessCondition(access), options.status ? eq(quotes.status, options.status) : undefined);
  // Staff see the ones waiting longest first; customers their newest.
  const order = access.kind === 'staff' ? [sql`(${quotes.status} = 'requested') desc`, asc(quotes.createdAt)] : [desc(quotes.createdAt), desc(quotes.id)];
  const rows = await db
    .select({ quote: quotes, lines: sql<number>`(select count(*) from quote_lines ql where ql.quote_id = "quotes"."id")::int` })
    .from(quotes)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(quotes).where(where);
  return { items: rows.map((r) => summaryOf(r.quote, Number(r.lines))), total: Number(total?.n ?? 0) };
}

function summaryOf(row: QuoteRow, linesCount: number): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    valid_until: row.validUntil,
    lines_count: linesCount,
    totals: totalsOf(row),
    order_id: row.orderId,
    contact_name: row.contactName,
    company: row.company,
    has_account: row.userId !== null,
  };
}

async function findQuoteRow(access: QuoteAccess, id: number): Promise<QuoteRow> {
  const db = await getDb();
  const [row] = await db.select().from(quotes).where(and(eq(quotes.id, id), accessCondition(access)));
  if (!row) throw await refusalFor(db, access, id);
  return row;
}

export async function getQuote(access: QuoteAccess, id: number): Promise<QuoteDetail> {
  if (access.kind === 'user') await claimGuestQuotes(access.userId);
  let row = await findQuoteRow(access, id);
  if (row.status === 'answered' && (await expireDueQuotes(new Date(), row.id)) > 0) row = await findQuoteRow(access, id);
  const db = await getDb();
  const [lines, messages, events] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position)),
    db.select().from(quoteMessages).where(eq(quoteMessages.quoteId, id)).orderBy(asc(quoteMessages.id)),
    db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, id)).orderBy(asc(quoteEvents.id)),
  ]);
  const priced = row.status !== 'requested';
  return {
    ...summaryOf(row, lines.length),
    version: row.version,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone, company: row.company, nif: row.nif },
    message: row.message,
    answered_at: row.answeredAt?.toISOString() ?? null,
    lines: lines.map((l) => ({
      position: l.position,
      model_id: l.modelId,
      model_code: l.modelCode,
      product_code: l.productCode,
      product_name: l.productName,
      model_name: l.modelName,
      size: l.size,
      // The shop's name of the package (a line requested before the server named packages may hold a client's).
      package_type: packageLabel(l.itemsPerPackage),
      items_per_package: l.itemsPerPackage,
      packages: l.packages,
      units: l.units,
      tax_rate: Number(l.taxRate),
      list_unit_price: access.kind === 'token' || l.listUnitPrice === null ? null : Number(l.listUnitPrice),
      unit_price: priced && l.quotedUnitPrice !== null ? Number(l.quotedUnitPrice) : null,
      total_price: priced && l.lineNetCents !== null ? l.lineNetCents / 100 : null,
      tax: priced && l.lineTaxCents !== null ? l.lineTaxCents / 100 : null,
      total_price_with_tax: priced && l.lineTotalCents !== null ? l.lineTotalCents / 100 : null,
    })),
    messages: messages.map((m) => ({ id: m.id, author: m.author, line_position: m.linePosition, body: m.body, at: m.createdAt.toISOString() })),
    history: events.map((e) => ({ from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
  };
}

// ---------------------------------------------------------------------------------------------
// Changing

async function lockQuote(tx: Tx, id: number, access: QuoteAccess | undefined): Promise<QuoteRow> {
  const condition = access ? accessCondition(access) : undefined;
  const locked = (await tx.execute(sql`select id from quotes where id = ${id} ${condition ? sql`and ${condition}` : sql``} for update`)) as unknown as Rows<{ id: number }>;
  if (!locked.rows[0]) throw access ? await refusalFor(tx, access, id) : notFound();
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

/** The one move of a quote's state: allowed moves only (409 otherwise), one history event, version bumped. */
async function moveQuote(tx: Tx, row: QuoteRow, to: QuoteStatus, actor: string, note: string | null, extra: Partial<typeof quotes.$inferInsert> = {}): Promise<void> {
  if (!canQuoteTransition(row.status, to)) {
    throw new AppError({
      code: 'conflict',
      key: 'Quotes.transitionRefused',
      values: { from: text(`status.${row.status}`), to: text(`status.${to}`) },
      details: { status: [row.status] },
    });
  }
  await tx
    .update(quotes)
    .set({ ...extra, status: to, version: sql`${quotes.version} + 1`, updatedAt: new Date() })
    .where(eq(quotes.id, row.id));
  await tx.insert(quoteEvents).values({ quoteId: row.id, fromStatus: row.status, toStatus: to, actor, note });
}

/** Staff's answer (or a revision of it): a price for every line, shipping, validity and a message. */
export async function answerQuote(staffUserId: string, id: number, input: QuoteAnswerInput, now = new Date()): Promise<QuoteDetail> {
  const access: QuoteAccess = { kind: 'staff', userId: staffUserId };
  await getJobs();
  const db = await getDb();
  const today = lisbonDay(now);
  const validUntil = input.valid_until ?? addDays(today, quoteValidityDays());
  if (validUntil < today) {
    throw new AppError({ code: 'bad_request', key: 'Quotes.validation.validUntilPast', fieldErrors: { valid_until: ['Quotes.validation.validUntilPast'] } });
  }
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    if (input.version !== undefined && input.version !== row.version) {
      throw new AppError({ code: 'conflict', key: 'Quotes.staleVersion', details: { version: [String(row.version)] } });
    }
    if (!canQuoteTransition(row.status, 'answered')) {
      throw new AppError({ code: 'conflict', key: 'Quotes.transitionRefused', values: { from: text(`status.${row.status}`), to: text('status.answered') } });
    }
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
    const prices = new Map<number, number>();
    for (const l of input.lines) {
      if (prices.has(l.position)) throw new AppError({ code: 'bad_request', key: 'Quotes.validation.linePriceTwice', values: { line: l.position } });
      prices.set(l.position, Math.round(l.unit_price * 10_000));
    }
    const missing = lines.filter((l) => !prices.has(l.position)).map((l) => l.position);
    const unknown = [...prices.keys()].filter((p) => !lines.some((l) => l.position === p));
    if (missing.length > 0 || unknown.length > 0) {
      throw new AppError({
        code: 'bad_request',
        key: 'Quotes.validation.everyLinePriced',
        values: { lines: [...missing, ...unknown].join(', ') },
        fieldErrors: { lines: ['Quotes.validation.everyLinePriced'] },
      });
    }
    let net = 0;
    let gross = 0;
    for (const line of lines) {
      const unit = prices.get(line.position)!;
      const rate = Math.round(Number(line.taxRate) * 100);
      const { netCents, grossCents } = lineTotals(unit, line.units, rate);
      net += netCents;
      gross += grossCents;
      await tx
        .update(quoteLines)
        .set({ quotedUnitPrice: (unit / 10_000).toFixed(4), lineNetCents: netCents, lineTaxCents: grossCents - netCents, lineTotalCents: grossCents })
        .where(eq(quoteLines.id, line.id));
    }
    const shippingCents = Math.round((input.shipping ?? 0) * 100);
    const totalCents = gross + shippingCents;
    if (totalCents > 2_000_000_000) throw new AppError({ code: 'unprocessable', key: 'Quotes.tooLarge' });
    await moveQuote(tx, row, 'answered', `staff:${staffUserId}`, row.status === 'answered' ? 'revision' : null, {
      validUntil,
      goodsNetCents: net,
      taxCents: gross - net,
      shippingCents,
      totalCents,
      answeredAt: now,
      answeredBy: staffUserId,
    });
    if (input.message) await tx.insert(quoteMessages).values({ quoteId: id, author: 'staff', authorUserId: staffUserId, body: input.message, createdAt: now });
    await queueMails(tx, id, ['answered']);
    // The PDF of this answer (server/quotes/pdf.ts), rendered by the worker after the commit.
    await enqueue(tx, JOB_QUEUES.quotePdf, { quoteId: id }, { singletonKey: `quote-pdf:${id}:${row.version + 1}` });
    await enqueue(tx, JOB_QUEUES.quoteExpire, { quoteId: id }, { singletonKey: `quote-expire:${id}:${validUntil}`, startAfter: expiryMoment(validUntil) });
  });
  wakeJobWorker();
  return getQuote(access, id);
}

/** The customer (or the guest link) declines; a request still unanswered may be declined too. */
export async function declineQuote(access: QuoteAccess, id: number, reason: string | null): Promise<QuoteDetail> {
  const db = await getDb();
  await expireDueQuotes(new Date(), id);
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    await moveQuote(tx, row, 'declined', actorOf(access), reason);
  });
  return getQuote(access, id);
}

/** Staff withdraw a request or an answer (with a reason kept in the history). */
export async function withdrawQuote(staffUserId: string, id: number, reason: string | null): Promise<QuoteDetail> {
  const access: QuoteAccess = { kind: 'staff', userId: staffUserId };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    await moveQuote(tx, row, 'withdrawn', `staff:${staffUserId}`, reason);
  });
  return getQuote(access, id);
}

/** A message in the quote's thread, optionally about one line. */
export async function addQuoteMessage(access: QuoteAccess, id: number, body: string, linePosition: number | null): Promise<QuoteDetail> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    if (linePosition !== null) {
      const [line] = await tx.select({ id: quoteLines.id }).from(quoteLines).where(and(eq(quoteLines.quoteId, row.id), eq(quoteLines.position, linePosition)));
      if (!line) throw new AppError({ code: 'bad_request', key: 'Quotes.validation.lineUnknown', fieldErrors: { line_position: ['Quotes.validation.lineUnknown'] } });
    }
    await tx.insert(quoteMessages).values({
      quoteId: row.id,
      author: access.kind === 'staff' ? 'staff' : 'customer',
      authorUserId: access.kind === 'token' ? null : access.userId,
      linePosition,
      body,
    });
    await tx.update(quotes).set({ updatedAt: new Date() }).where(eq(quotes.id, row.id));
  });
  return getQuote(access, id);
}

/** A declined, expired or withdrawn quote asked for again: a new request with the same lines (still sold). */
export async function requestQuoteAgain(access: QuoteAccess, id: number, meta: { ip?: string | null } = {}): Promise<RequestedQuote> {
  const old = await getQuote(access, id);
  if (!REQUESTABLE_AGAIN.includes(old.status)) {
    throw new AppError({ code: 'conflict', key: 'Quotes.notRequestableAgain', values: { status: text(`status.${old.status}`) } });
  }
  const available = old.lines.filter((l) => l.model_id !== null);
  if (available.length === 0) throw new AppError({ code: 'unprocessable', key: 'Quotes.noLinesLeft' });
  const requester = access.kind === 'user' ? { userId: access.userId } : null;
  return requestQuote(
    requester,
    {
      lines: available.map((l) => ({ product_id: l.model_id!, quantity_of_packages: l.packages, items_per_package: l.items_per_package, selected_package_type: l.package_type })),
      cart_id: undefined,
      name: old.contact.name,
      email: old.contact.email,
      phone: old.contact.phone,
      company: old.contact.company,
      nif: old.contact.nif,
      message: null,
    },
    meta,
  );
}

// ---------------------------------------------------------------------------------------------
// Accepting (the order itself is placed by server/orders/place-order.ts, in its transaction)

/** The customer's own quote, locked until the caller's transaction ends (404 for anyone else's). */
export async function lockCustomerQuote(tx: Tx, userId: string, id: number): Promise<QuoteRow> {
  return lockQuote(tx, id, { kind: 'user', userId });
}

/** Refuses (409) a quote that cannot be accepted now: accepted already, expired, or not answered. */
export function assertQuoteAcceptable(row: QuoteRow, now = new Date()): void {
  if (row.status === 'accepted') {
    throw new AppError({ code: 'conflict', key: 'Quotes.alreadyAccepted', details: { order_id: [String(row.orderId ?? '')] } });
  }
  if (row.status === 'answered' && row.validUntil !== null && row.validUntil < lisbonDay(now)) {
    throw new AppError({ code: 'conflict', key: 'Quotes.expiredCannotAccept' });
  }
  if (row.status !== 'answered') {
    throw new AppError({ code: 'conflict', key: 'Quotes.transitionRefused', values: { from: text(`status.${row.status}`), to: text('status.accepted') } });
  }
}

/** The accepted quote's lines as an order takes them: quoted net unit prices (ten-thousandths), IVA rates, line totals. */
export async function quoteLinesForOrder(tx: Tx, id: number) {
  const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
  return lines.map((l) => ({
    modelId: l.modelId,
    code: l.modelCode,
    modelName: l.modelName,
    size: l.size,
    productCode: l.productCode,
    productName: l.productName,
    packageType: packageLabel(l.itemsPerPackage),
    per: l.itemsPerPackage,
    packages: l.packages,
    units: l.units,
    unit: Math.round(Number(l.quotedUnitPrice) * 10_000),
    taxRate: Math.round(Number(l.taxRate) * 100),
    netCents: l.lineNetCents ?? 0,
    grossCents: l.lineTotalCents ?? 0,
  }));
}

/** Marks the quote accepted by the order it became (same transaction as the order). */
export async function markQuoteAccepted(tx: Tx, row: QuoteRow, orderId: number, userId: string): Promise<void> {
  await moveQuote(tx, row, 'accepted', `user:${userId}`, null, { orderId });
}

/**
 * A declined, expired or withdrawn quote's lines into its customer's cart at today's prices
 * ("its lines can go to the cart at normal prices"); lines no longer sold come back.
 */
export async function quoteToCart(userId: string, id: number): Promise<ReorderResult> {
  const quote = await getQuote({ kind: 'user', userId }, id);
  if (!REQUESTABLE_AGAIN.includes(quote.status)) {
    throw new AppError({ code: 'conflict', key: 'Quotes.toCartWhenClosed', values: { status: text(`status.${quote.status}`) } });
  }
  return linesToCart(
    userId,
    quote.lines.map((l) => ({ modelCode: l.model_code, modelName: l.model_name, itemsPerPackage: l.items_per_package, packages: l.packages })),
  );
}

/** Guest quotes still without an account, for a user's e-mail (tests and the sign-up hint). */
export async function guestQuotesFor(email: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(quotes).where(and(isNull(quotes.userId), sql`lower(${quotes.contactEmail}) = lower(${email})`));
  return Number(row?.n ?? 0);
}
