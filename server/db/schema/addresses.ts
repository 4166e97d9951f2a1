/**
 * Customer addresses (spec 2.3 `/dashboard/addresses`): delivery and billing
 * addresses of a customer, Portuguese postal codes (NNNN-NNN), a NIF per billing address, at most
 * one default delivery and one default billing address per customer (partial unique indexes).
 * Orders keep a snapshot: editing or deleting an address never changes an order.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerUserId } from './auth';
import { timestamps } from './columns';

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    /** The customer's own name for it ("Obra Rua X", "Sede"). */
    label: text('label').notNull(),
    /** Who receives the goods, or the fiscal name on a billing address. */
    name: text('name').notNull(),
    /** NIF (9 digits, check digit verified), optional. */
    nif: text('nif'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    country: text('country').notNull().default('PT'),
    phone: text('phone'),
    isDefaultDelivery: boolean('is_default_delivery').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_delivery').on(t.userId).where(sql`${t.isDefaultDelivery}`),
    uniqueIndex('addresses_one_default_billing').on(t.userId).where(sql`${t.isDefaultBilling}`),
    check('addresses_postal_code_pt', sql`${t.country} <> 'PT' OR ${t.postalCode} ~ '^[0-9]{4}-[0-9]{3}$'`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
