'use server';
import 'server-only';
import { revalidatePath } from 'next/cache';
import { confirmImportSchema, markReprintedSchema } from '@/lib/validation/catalogue-management';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { confirmCatalogueUpload, type ConfirmResult } from '@/server/import/preview';
import { markChaptersReprinted } from './reprint';

/**
 * The writes of /admin/catalogue-management, through validatedAction with
 * manage_products: "Confirmar importação" of a previewed upload, and "Marcar como reimpresso".
 */

const BASE = '/admin/catalogue-management';

/** The screens' router cache follows (outside a request, e.g. in tests, there is none to drop). */
function refresh(path: string, type?: 'layout' | 'page') {
  try {
    revalidatePath(path, type);
  } catch {
    // no request scope
  }
}

/**
 * Imports the previewed file (all or nothing). A catalogue changed since the preview answers
 * `conflict` with the new preview as `data`; an expired or used upload `not_found`; a file no
 * longer valid `unprocessable` with its report as `data`.
 */
export const confirmCatalogueImportAction = validatedAction(
  { schema: confirmImportSchema, session: 'required', permission: 'manage_products' },
  async ({ uploadId }, { viewer }): Promise<Extract<ConfirmResult, { ok: true }>> => {
    const result = await confirmCatalogueUpload(viewer, uploadId);
    if (result.ok) {
      refresh(BASE, 'layout');
      return result;
    }
    if (result.reason === 'stale') throw new AppError({ code: 'conflict', key: 'Admin.Catalogue.staleNotice', data: result.preview });
    if (result.reason === 'invalid') throw new AppError({ code: 'unprocessable', key: 'Admin.Catalogue.invalidNow', data: result.report });
    throw new AppError({ code: 'not_found', key: 'Admin.Catalogue.uploadGone' });
  },
);

/** A new print baseline for one chapter or every chapter (audited). */
export const markReprintedAction = validatedAction(
  { schema: markReprintedSchema, session: 'required', permission: 'manage_products' },
  async ({ chapter, note }, { viewer }): Promise<{ message: string; chapters: number[] }> => {
    const chapters = await markChaptersReprinted(viewer, chapter, note);
    if (chapters.length === 0) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
    refresh(`${BASE}/reprint-report`);
    return { message: 'Admin.Catalogue.markDone', chapters };
  },
);
