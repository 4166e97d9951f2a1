/**
 * Job lists ("obras"): a customer's named lists of models per job site, with package
 * quantities like cart lines. Owner-only: every query names `user_id`.
 */
import 'server-only';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerUserId } from './auth';
import { modelIdColumn } from './catalogue';
import { belongsTo, packageQuantityColumns, timestamps } from './columns';

export const jobLists = pgTable(
  'job_lists',
  {
    id: serial('id').primaryKey(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('job_lists_user_idx').on(t.userId, t.updatedAt)],
);

export const jobListLines = pgTable(
  'job_list_lines',
  {
    id: serial('id').primaryKey(),
    listId: belongsTo('list_id', () => jobLists.id),
    /** The model (`inventory_products.id`, the `product_id` of the cart calls). */
    modelId: modelIdColumn(),
    ...packageQuantityColumns(),
    ...timestamps,
  },
  (t) => [uniqueIndex('job_list_lines_model_package').on(t.listId, t.modelId, t.itemsPerPackage), index('job_list_lines_model_idx').on(t.modelId)],
);
