/** Column helpers shared by the domain files of the schema (not tables themselves). */
import 'server-only';
import { customType, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector` (full-text documents; always generated columns here). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** A `timestamptz` column (every point in time here carries its zone). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, `timestamptz` defaulting to now. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** `created_at` and `updated_at`, both `timestamptz` defaulting to now. */
export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
};

/** A required reference to the row this one belongs to (an order's line, a list's entry): deleted with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** A per-year counter row: `last` is the last number given in `year` (numbers without gaps). */
export const yearCounterColumns = () => ({
  year: integer('year').primaryKey(),
  /** The last number given in that year. */
  last: integer('last').notNull(),
});

/** The package a cart or list line was added in and how many of them (spec 3 "Cart item"). */
export const packageQuantityColumns = () => ({
  /** 'Unidade', or the package the line was added in. */
  selectedPackageType: text('selected_package_type').notNull().default('Unidade'),
  itemsPerPackage: integer('items_per_package').notNull().default(1),
  quantityOfPackages: integer('quantity_of_packages').notNull(),
});

/**
 * The model of an order or quote line as it was then: the model may be deleted or renamed later,
 * the snapshot stays.
 */
export const lineSnapshotColumns = () => ({
  position: integer('position').notNull(),
  /** The model then (may be deleted later: the snapshot stays). */
  modelId: integer('model_id'),
  modelCode: text('model_code').notNull(),
  productCode: text('product_code').notNull(),
  productName: text('product_name').notNull(),
  modelName: text('model_name').notNull(),
  size: text('size'),
  packageType: text('package_type').notNull(),
  itemsPerPackage: integer('items_per_package').notNull(),
  packages: integer('packages').notNull(),
  units: integer('units').notNull(),
});

/** A status change of an order or quote: from, to, who (a user id or a system actor) and why. */
export const statusEventColumns = <S extends Readonly<[string, ...string[]]>>(statuses: S) => ({
  fromStatus: text('from_status', { enum: statuses }),
  toStatus: text('to_status', { enum: statuses }).notNull(),
  /** The user who made the change, or a system actor (`system`, `payment:bank_transfer`). */
  actor: text('actor').notNull(),
  note: text('note'),
  createdAt: createdAt(),
});
