import 'server-only';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressInput } from '@/lib/validation/orders';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx } from '@/server/db/client';
import { addresses, type AddressRow, type AddressSnapshot } from '@/server/db/schema';

/**
 * A customer's addresses. Ownership lives in the queries (`user_id = $viewer`): an id
 * of someone else's address is a 404, like an unknown one. Setting a default clears the former
 * default of that kind in the same transaction (at most one of each, a partial unique index).
 */

/** An address as the API answers it: the order's snapshot fields, its id and default flags. */
export interface Address extends AddressSnapshot {
  id: number;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

/** The address as an order keeps it. */
export function addressSnapshot(row: AddressRow): AddressSnapshot {
  return {
    label: row.label,
    name: row.name,
    nif: row.nif,
    line1: row.line1,
    line2: row.line2,
    postal_code: row.postalCode,
    locality: row.locality,
    country: row.country,
    phone: row.phone,
  };
}

export function toAddress(row: AddressRow): Address {
  return { id: row.id, ...addressSnapshot(row), is_default_delivery: row.isDefaultDelivery, is_default_billing: row.isDefaultBilling };
}

function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'Orders.addressNotFound' });
}

function values(input: AddressInput) {
  return {
    label: input.label,
    name: input.name,
    nif: input.nif,
    line1: input.line1,
    line2: input.line2,
    postalCode: input.postal_code,
    locality: input.locality,
    country: input.country,
    phone: input.phone,
    isDefaultDelivery: input.is_default_delivery,
    isDefaultBilling: input.is_default_billing,
  };
}

export async function listAddresses(userId: string): Promise<Address[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultDelivery), desc(addresses.isDefaultBilling), asc(addresses.id));
  return rows.map(toAddress);
}

/** The customer's address `id`, or null (someone else's or unknown). */
export async function findAddress(userId: string, id: number, db?: DbOrTx): Promise<AddressRow | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row ?? null;
}

/** The customer's default address of a kind, or null. */
export async function defaultAddress(userId: string, kind: 'delivery' | 'billing', db?: DbOrTx): Promise<AddressRow | null> {
  const conn = db ?? (await getDb());
  const flag = kind === 'delivery' ? addresses.isDefaultDelivery : addresses.isDefaultBilling;
  const [row] = await conn.select().from(addresses).where(and(eq(addresses.userId, userId), eq(flag, true)));
  return row ?? null;
}

async function clearOtherDefaults(tx: DbOrTx, userId: string, keep: number, input: AddressInput): Promise<void> {
  // The customer's row first: two saves of default addresses at once (a double click) take turns
  // instead of both clearing the old default and one then breaking the unique index.
  if (input.is_default_delivery || input.is_default_billing) {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
  }
  if (input.is_default_delivery) {
    await tx.update(addresses).set({ isDefaultDelivery: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultDelivery, true)));
  }
  if (input.is_default_billing) {
    await tx.update(addresses).set({ isDefaultBilling: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultBilling, true)));
  }
}

export async function createAddress(userId: string, input: AddressInput, db?: DbOrTx): Promise<Address> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    // Clear the former defaults first (the partial unique indexes allow one of each).
    await clearOtherDefaults(tx, userId, 0, input);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...values(input) })
      .returning();
    return toAddress(row!);
  });
}

export async function updateAddress(userId: string, id: number, input: AddressInput): Promise<Address> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const existing = await findAddress(userId, id, tx);
    if (!existing) throw notFound();
    await clearOtherDefaults(tx, userId, id, input);
    const [row] = await tx
      .update(addresses)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row!);
  });
}

/** Deletes the customer's address; orders keep their snapshot. */
export async function deleteAddress(userId: string, id: number): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound();
}
