import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { quoteNumber, REQUESTABLE_AGAIN, type QuoteStatus } from '@/lib/quotes/status';
import type { QuoteRequestInput } from '@/lib/validation/quotes';
import { AppError } from '@/server/errors';
import { limitRequest } from '@/server/auth/rate-limit';
import { hashIp } from '@/server/security/hash-ip';
import { checkedLine } from '@/server/cart/rules';
import { findCart } from '@/server/cart/identity';
import { nextYearNumber } from '@/server/db/counters';
import { getDb } from '@/server/db/client';
import { cartItems, inventoryProducts, products, quoteEvents, quoteLines, quotes, users } from '@/server/db/schema';
import { getJobs, wakeJobWorker } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { getPriceFacts, getPricingCustomer, lisbonDay, unitPriceOf } from '@/server/pricing';
import { type QuoteAccess, tokenHash, newQuoteToken } from './ownership';
import { queueMails } from './state';
import { getQuote } from './read';

/** Asking for a quote: from lines or a cart, by a guest or a customer, and again after it closed. */

const text = serverTranslator('Quotes');

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
    const number = quoteNumber(year, await nextYearNumber(tx, 'quote_counters', year));
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
