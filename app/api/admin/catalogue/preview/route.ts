import { AppError } from '@/server/errors';
import { readMultipartForm } from '@/server/files/multipart';
import { apiRoute } from '@/server/api/route';
import { tooLargeError } from '@/server/files';
import { MAX_UPLOAD_BYTES } from '@/server/import/index';
import { cleanFileName, previewCatalogueUpload } from '@/server/import/preview';
import { formatIssue } from '@/server/import/read';

export const dynamic = 'force-dynamic';

/** A file name sent percent-encoded; a malformed one is taken as it is. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * POST /api/admin/catalogue/preview (manage_products): step 1 of an import from
 * /admin/catalogue-management. The catalogue file (the `file` field of a form, or the body with
 * its name in `X-File-Name`; CSV or XLSX told by content) is validated as a whole and compared
 * with the catalogue; nothing is written to it. 422 with the report (`data.issues`: line, column,
 * reason; at most 500, `data.total` of them) or the preview with the upload's id, which
 * "Confirmar importação" imports.
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', cache: 'no-store', bodyLimit: MAX_UPLOAD_BYTES },
  async ({ request, viewer }) => {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw tooLargeError(MAX_UPLOAD_BYTES);
    let bytes: Buffer;
    let name: string | null;
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const file = (await readMultipartForm(request, { files: { file: MAX_UPLOAD_BYTES } }))?.get('file');
      if (!file || typeof file === 'string') throw new AppError({ code: 'bad_request', key: 'Api.catalogue.fileMissing' });
      bytes = Buffer.from(await file.arrayBuffer());
      name = file.name;
    } else {
      bytes = Buffer.from(await request.arrayBuffer());
      const header = request.headers.get('x-file-name');
      name = header ? safeDecode(header) : null;
    }
    if (bytes.length === 0) throw new AppError({ code: 'bad_request', key: 'Api.catalogue.fileEmpty' });
    if (bytes.length > MAX_UPLOAD_BYTES) throw tooLargeError(MAX_UPLOAD_BYTES);
    const result = await previewCatalogueUpload(viewer, cleanFileName(name, bytes), bytes);
    if (!result.ok) {
      const { report } = result;
      throw new AppError({
        code: 'unprocessable',
        key: 'Api.catalogue.notPreviewable',
        values: { count: report.total },
        details: { rows: report.issues.slice(0, 50).map(formatIssue) },
        data: report,
      });
    }
    return { data: result.preview, message: { key: 'Api.catalogue.previewReady' } };
  },
);
