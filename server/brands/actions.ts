'use server';
import 'server-only';

import { z } from 'zod';
import { brandMergeSchema, brandSchema } from '@/lib/validation/admin-brand';
import { validatedAction } from '@/server/actions/validated-action';
import { fileBytes, MAX_IMAGE_BYTES, storeImageUpload } from '@/server/uploads';
import { mergeBrands, saveBrand } from './admin';

/**
 * The brand screen's writes (`manage_products` as spec 6 gates /admin/brands). Writes
 * only: this module exports no read.
 */

export const saveBrandAction = validatedAction({ session: 'required', permission: 'manage_products', schema: brandSchema }, async (input, { viewer }) => saveBrand(input, viewer));

export const mergeBrandsAction = validatedAction({ session: 'required', permission: 'manage_products', schema: brandMergeSchema }, async (input, { viewer }) =>
  mergeBrands(input.source_id, input.target_id, viewer),
);

const uploadSchema = z.object({ file: z.instanceof(File, { error: 'Admin.uploadUnreadable' }) });

/** A logo: sniffed, processed (PNG with transparency kept) and stored; the form saves its URL. */
export const uploadBrandLogoAction = validatedAction({ session: 'required', permission: 'manage_products', schema: uploadSchema }, async ({ file }) => {
  const stored = await storeImageUpload(await fileBytes(file, MAX_IMAGE_BYTES), 'logos');
  return { url: stored.url };
});
