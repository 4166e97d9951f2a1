'use server';
import 'server-only';
import { z } from 'zod';
import type { MessageKey } from '@/lib/errors';
import { adminProductSchema, bulkProductsSchema, productIdSchema } from '@/lib/validation/admin-product';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { fileBytes, MAX_IMAGE_BYTES, storeImageUpload } from '@/server/uploads';
import { bulkUpdateProducts, deleteAdminProduct, saveAdminProduct } from './product-writes';

/**
 * The writes of /admin/products, each through validatedAction with `manage_products`
 * (spec 6: a viewer is refused with 'Errors.forbidden'). The logic lives in product-writes.ts.
 */

const PERMISSION = 'manage_products' as const;

export interface SaveProductAnswer {
  message: MessageKey;
  id: number;
  version: number;
  created: boolean;
  keptModels: string[];
}

/** Creates or updates a product with its models (stale saves are refused with the current record). */
export const saveProductAction = validatedAction({ schema: adminProductSchema, session: 'required', permission: PERMISSION }, async (input, { viewer }): Promise<SaveProductAnswer> => {
  const saved = await saveAdminProduct(input, viewer);
  return {
    message: saved.created ? 'Admin.Products.created' : saved.keptModels.length ? 'Admin.Products.savedKeptModels' : 'Admin.Products.saved',
    ...saved,
  };
});

/** Deletes a product, or deactivates it when orders or quotes name it. */
export const deleteProductAction = validatedAction({ schema: productIdSchema, session: 'required', permission: PERMISSION }, async ({ id }, { viewer }) => {
  const done = await deleteAdminProduct(id, viewer);
  return {
    outcome: done.outcome,
    message: (done.outcome === 'deleted' ? 'Admin.Products.deleted' : 'Admin.Products.deactivatedInstead') as MessageKey,
  };
});

/** Activate, deactivate, move family or set brand of the ticked products. */
export const bulkProductsAction = validatedAction({ schema: bulkProductsSchema, session: 'required', permission: PERMISSION }, async (input, { viewer }) => {
  const { changed } = await bulkUpdateProducts(input, viewer);
  return { changed, message: 'Admin.Products.bulkDone' as MessageKey };
});

const isBlob = (value: unknown): value is Blob => typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';

const uploadSchema = z.object({
  image: z.custom<Blob>(isBlob, 'Admin.Products.errors.imageMissing').refine((f) => f.size > 0, 'Admin.Products.errors.imageMissing'),
});

/** One product image: sniffed, processed by sharp, stored; answers its public URL. */
export const uploadProductImageAction = validatedAction({ schema: uploadSchema, session: 'required', permission: PERMISSION }, async ({ image }) => {
  try {
    const stored = await storeImageUpload(await fileBytes(image as File, MAX_IMAGE_BYTES), 'images');
    return { url: stored.url, width: stored.width ?? null, height: stored.height ?? null };
  } catch (err) {
    if (err instanceof AppError && err.key) throw new AppError({ code: err.code, key: err.key, values: err.values, fieldErrors: { image: [err.key] } });
    throw err;
  }
});
