/**
 * Professional accounts and their price rules (the admin and ERP issues fill them).
 * A professional account is a company; one or more users belong to it (`users.pro_account_id`).
 * A rule gives the account a discount percentage on one discount group of the catalogue
 * (`inventory_products.discount_group`, e.g. `A1`), optionally between two dates. Several rules
 * for one model: the best for the customer wins (server/pricing).
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, serial, integer, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';

export const proAccounts = pgTable(
  'pro_accounts',
  {
    id: serial('id').primaryKey(),
    /** The account name (the badge text in upper case). */
    name: text('name').notNull(),
    fiscalName: text('fiscal_name'),
    /** NIF, 9 digits. */
    nif: text('nif'),
    /** Client id in the ERP (PHC). */
    phcClientId: text('phc_client_id'),
    /** One simple address: street, postal code, city. */
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** Bumped by every staff save (stale-save refusal, server/admin/versioning.ts). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('pro_accounts_nif_idx').on(t.nif), index('pro_accounts_phc_client_idx').on(t.phcClientId)],
);

export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => proAccounts.id),
    discountGroup: text('discount_group').notNull(),
    /** Percentage off the net price, 0 < p ≤ 100, two decimals. */
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
    /** First and last day the rule applies (Lisbon dates, inclusive); null = open. */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    ...timestamps,
  },
  (t) => [
    index('price_rules_account_group_idx').on(t.accountId, t.discountGroup),
    check('price_rules_percentage_range', sql`${t.discountPercentage} >= 0 AND ${t.discountPercentage} <= 100`),
    check('price_rules_dates_order', sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validFrom} <= ${t.validTo}`),
  ],
);

export type ProAccount = typeof proAccounts.$inferSelect;
export type PriceRule = typeof priceRules.$inferSelect;
