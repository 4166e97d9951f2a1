'use server';
import 'server-only';

import { z } from 'zod';
import { validatedAction } from '@/server/actions/validated-action';
import { fileBytes, MAX_IMAGE_BYTES, storeImageUpload } from '@/server/uploads';

/**
 * The campaign form's image upload (staff with `manage_campaigns`): the file is sniffed, resized
 * and stored by server/uploads; the answer is its URL, which the form then saves with the
 * campaign through PUT/POST /api/campaigns. Writes only: this module exports no read.
 */
const uploadSchema = z.object({ file: z.instanceof(File, { error: 'Admin.uploadUnreadable' }) });

export const uploadCampaignImageAction = validatedAction({ session: 'required', permission: 'manage_campaigns', schema: uploadSchema }, async ({ file }) => {
  const stored = await storeImageUpload(await fileBytes(file, MAX_IMAGE_BYTES), 'images');
  return { url: stored.url, width: stored.width ?? null, height: stored.height ?? null };
});
