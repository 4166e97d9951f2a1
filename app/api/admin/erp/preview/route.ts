import { z } from 'zod';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { tooLargeError } from '@/server/files';
import { readMultipartForm } from '@/server/files/multipart';
import { skippedCsvPath } from '@/server/erp/skipped';
import { MAX_ERP_UPLOAD_BYTES, previewUpload } from '@/server/erp/uploads';

export const dynamic = 'force-dynamic';

const kindSchema = z.enum(['prices', 'clients']).nullable().catch(null);

/**
 * POST /api/admin/erp/preview (admin flag): an ERP file (form field `file`, optional
 * `kind` prices|clients, otherwise told by its header) read and checked all-or-nothing and
 * compared with the database. 422 with the line report (recorded as a failed run), or the
 * preview and the token that applies exactly this file. Lines of articles the catalogue does not
 * have are skipped, not refused: `preview.counts.skipped`, `preview.skipped` (the first 200: line
 * and code) and `skipped_csv`, the address of all of them as CSV.
 */
export const POST = apiRoute({ auth: 'required', admin: true, cache: 'no-store', bodyLimit: MAX_ERP_UPLOAD_BYTES + 64 * 1024 }, async ({ request, viewer }) => {
  const form = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data') ? await readMultipartForm(request, { files: { file: MAX_ERP_UPLOAD_BYTES } }) : null;
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw new AppError({ code: 'bad_request', key: 'Api.erp.fileMissing' });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) throw new AppError({ code: 'bad_request', key: 'Files.empty' });
  if (bytes.length > MAX_ERP_UPLOAD_BYTES) throw tooLargeError(MAX_ERP_UPLOAD_BYTES);
  const kind = kindSchema.parse(form?.get('kind') || null);
  const name = (file.name || 'ficheiro').replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200);
  const outcome = await previewUpload(bytes, name, kind, viewer);
  if (!outcome.ok) {
    throw new AppError({ code: 'unprocessable', key: 'Api.erp.refused', values: { count: outcome.report.length }, details: { rows: outcome.report } });
  }
  const skippedCsv = outcome.preview.counts.skipped && outcome.token ? skippedCsvPath({ token: outcome.token }) : null;
  return { data: { kind: outcome.kind, sha256: outcome.sha256, token: outcome.token, file_name: name, preview: outcome.preview, skipped_csv: skippedCsv } };
});
