/** The shop's own facts (spec 1 and 9): address, hours, contacts; one row, editable later. */
import 'server-only';
import { integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import type { OpeningHours, SocialLink } from '../../../lib/catalogue/types';

export type { OpeningHours, SocialLink };

/** The single shop-settings record (id = 1): footer, contact page and structured data. */
export const shopSettings = pgTable('shop_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  tagline: text('tagline'),
  foundedYear: integer('founded_year'),
  employees: integer('employees'),
  priceRange: text('price_range'),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('PT'),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  hours: jsonb('hours').$type<OpeningHours[]>().notNull(),
  warehouseAddress: text('warehouse_address'),
  warehousePostalCode: text('warehouse_postal_code'),
  warehouseCity: text('warehouse_city'),
  warehousePhone: text('warehouse_phone'),
  mapsUrl: text('maps_url'),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  complaintsBookUrl: text('complaints_book_url'),
  socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export type ShopSettings = typeof shopSettings.$inferSelect;
