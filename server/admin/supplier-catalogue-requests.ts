import 'server-only';
import { supplierCatalogueSchema, versionField, type SupplierCatalogueInput } from '@/lib/validation/admin-supplier-catalogue';
import { AppError, validationError } from '@/server/errors';
import { readMultipartForm } from '@/server/files/multipart';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '@/server/uploads';
import type { SupplierCatalogueFiles } from './supplier-catalogues';

/** Upload limit of a save: the PDF (50 MB), a cover image (15 MB) and the fields. */
export const SUPPLIER_CATALOGUE_BODY_LIMIT = 66 * 1024 * 1024;

/** The multipart form of a create or edit: its fields validated, its files, the version of an edit. */
export async function readSupplierCatalogueForm(request: Request): Promise<{ input: SupplierCatalogueInput; files: SupplierCatalogueFiles; version: number | null }> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new AppError({ code: 'unsupported_media_type', key: 'Admin.uploadWrongType', values: { accepted: 'multipart/form-data' } });
  }
  // Streamed: a file over its field's limit is refused as it arrives, never held whole.
  const form = await readMultipartForm(request, { files: { pdf: MAX_PDF_BYTES, cover: MAX_IMAGE_BYTES } });
  if (!form) throw new AppError({ code: 'bad_request', key: 'Admin.uploadUnreadable' });
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const file = (name: string) => {
    const v = form.get(name);
    return v && typeof v !== 'string' && v.size > 0 ? v : null;
  };
  const parsed = supplierCatalogueSchema.safeParse({
    brandId: text('brandId'),
    title: text('title'),
    year: text('year'),
    source: text('source'),
    externalUrl: text('externalUrl'),
    active: text('active'),
  });
  if (!parsed.success) throw validationError(parsed.error);
  let version: number | null = null;
  if (form.has('version')) {
    const v = versionField.safeParse(text('version'));
    if (!v.success) throw validationError(v.error);
    version = v.data;
  }
  return { input: parsed.data, files: { pdf: file('pdf'), cover: file('cover') }, version };
}
