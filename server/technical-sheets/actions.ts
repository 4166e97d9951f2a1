'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { createSheetSchema, deleteSheetSchema, saveSheetSchema, sheetUploadSchema } from '@/lib/validation/admin-technical-sheet';
import { validatedAction } from '@/server/actions/validated-action';
import { fileBytes, MAX_IMAGE_BYTES, MAX_PDF_BYTES, storeImageUpload, storePdfUpload } from '@/server/uploads';
import { createSheet, deleteSheet, saveSheet } from './index';

/**
 * The writes of /admin/ficha-tecnica, each through validatedAction with
 * `manage_products` (spec 6: editor and admin; a viewer is refused): create, save (version
 * checked, audited, PDF job enqueued), delete, and the two uploads of the edit screen (the
 * drawing and the manufacturer PDF, sniffed by content and stored; the save then names them).
 */

const PERMISSION = 'manage_products' as const;

export const createTechnicalSheetAction = validatedAction(
  { schema: createSheetSchema, session: 'required', permission: PERMISSION },
  async (input, { viewer }): Promise<MessageRef & { id: number }> => {
    const { id } = await createSheet(viewer, input);
    return { message: 'Admin.Sheets.createdMessage', id };
  },
);

export const saveTechnicalSheetAction = validatedAction(
  { schema: saveSheetSchema, session: 'required', permission: PERMISSION },
  async (input, { viewer }): Promise<MessageRef & { version: number }> => {
    const { version } = await saveSheet(viewer, input);
    return { message: 'Admin.saved', version };
  },
);

export const deleteTechnicalSheetAction = validatedAction(
  { schema: deleteSheetSchema, session: 'required', permission: PERMISSION },
  async (input, { viewer }): Promise<MessageRef> => {
    await deleteSheet(viewer, input);
    return { message: 'Admin.deleted' };
  },
);

export const uploadTechnicalSheetFileAction = validatedAction(
  { schema: sheetUploadSchema, session: 'required', permission: PERMISSION },
  async ({ kind, file }): Promise<{ key: string; url: string }> => {
    const stored =
      kind === 'drawing' ? await storeImageUpload(await fileBytes(file, MAX_IMAGE_BYTES), 'drawings') : await storePdfUpload(await fileBytes(file, MAX_PDF_BYTES));
    return { key: stored.key, url: stored.url };
  },
);
