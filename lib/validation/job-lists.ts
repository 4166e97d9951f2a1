/**
 * Inputs of the job lists ("obras"), shared by the route handlers and the client
 * forms. Messages are keys of the `JobLists` namespace of messages/pt-PT.json.
 */
import { z } from 'zod';
import { MAX_PACKAGES, MIN_PACKAGES } from '@/lib/cart/packages';
import { JOB_LIST_NAME_MAX } from '@/lib/job-lists/texts';
import { DB_INT_MAX } from './ids';

export { JOB_LIST_NAME_MAX };

export const JOB_LIST_MAX_LINES_PER_REQUEST = 500;

const CART_ID = /^[A-Za-z0-9_-]{22}$/;

export const jobListName = z
  .string('nameRequired')
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'nameRequired').max(JOB_LIST_NAME_MAX, 'nameTooLong'));

const quantity = z
  .number({ error: (issue) => (issue.input === undefined ? 'quantityRequired' : 'quantityInteger') })
  .int('quantityInteger')
  .min(MIN_PACKAGES, 'quantityRange')
  .max(MAX_PACKAGES, 'quantityRange');

const rowId = z.number('invalid').int('invalid').min(1, 'invalid').max(DB_INT_MAX, 'invalid');

export const jobListLineBody = z
  .object({
    product_id: z.number({ error: 'productIdInvalid' }).int('productIdInvalid').min(1, 'productIdInvalid').max(DB_INT_MAX, 'productIdInvalid'),
    selected_package_type: z.string('invalid').max(60, 'invalid').optional(),
    items_per_package: z.number('packageUnknown').int('packageUnknown').min(1, 'packageUnknown').max(100_000, 'packageUnknown').optional(),
    quantity_of_packages: quantity,
  })
  .strip();
export type JobListLineInput = z.output<typeof jobListLineBody>;

/** `POST /api/job-lists` `{ name, cart_id? }`: a new list, optionally filled from the caller's cart. */
export const createJobListBody = z.object({ name: jobListName, cart_id: z.string('invalid').regex(CART_ID, 'invalid').nullish() }).strip();

/** `PATCH /api/job-lists/{id}` `{ name }`. */
export const renameJobListBody = z.object({ name: jobListName }).strip();

/** A line typed by model code (the list page's "Adicionar por código"). */
export const jobListCodeLineBody = z
  .object({
    code: z.string('invalid').trim().min(1, 'invalid').max(60, 'invalid'),
    items_per_package: z.number('packageUnknown').int('packageUnknown').min(1, 'packageUnknown').max(100_000, 'packageUnknown').optional(),
    quantity_of_packages: quantity,
  })
  .strip();

/** `POST /api/job-lists/{id}/lines`: one line (by model id or code), several (`lines`), or the caller's cart (`cart_id`). */
export const addJobListLinesBody = z.union(
  [
    jobListLineBody,
    jobListCodeLineBody,
    z.object({ lines: z.array(jobListLineBody, 'invalid').min(1, 'invalid').max(JOB_LIST_MAX_LINES_PER_REQUEST, 'invalid') }).strip(),
    z.object({ cart_id: z.string('invalid').regex(CART_ID, 'invalid') }).strip(),
  ],
  'invalid',
);

/** `PATCH /api/job-lists/{id}/lines/{lineId}` `{ quantity_of_packages }`. */
export const updateJobListLineBody = z.object({ quantity_of_packages: quantity }).strip();

/** `POST /api/job-lists/{id}/to-cart` `{ line_ids? }`: the chosen lines, or all of them. */
export const jobListToCartBody = z
  .object({ line_ids: z.array(rowId, 'lineIdsInvalid').min(1, 'lineIdsInvalid').max(JOB_LIST_MAX_LINES_PER_REQUEST, 'lineIdsInvalid').optional() })
  .strip();

export const jobListExportQuery = z.object({ format: z.enum(['csv', 'xlsx'], 'formatInvalid').default('csv') }).strip();
export type AddJobListLinesBody = z.infer<typeof addJobListLinesBody>;
