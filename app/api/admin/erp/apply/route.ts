import { z } from 'zod';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { skippedCsvPath } from '@/server/erp/skipped';
import { applyUpload } from '@/server/erp/uploads';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/erp/apply `{ token }` (admin flag): applies the previewed upload in
 * one transaction (all or nothing), records the run, invalidates the prices and catalogue caches.
 * The lines it skipped (articles the catalogue does not have): `counts.skipped`, `skipped` (the
 * first 200) and `skipped_csv`, the address of all of them as CSV.
 */
export const POST = apiRoute({ auth: 'required', admin: true, cache: 'no-store', body: z.object({ token: z.string().max(100) }) }, async ({ body, viewer }) => {
  const outcome = await applyUpload(body.token, viewer);
  if (!outcome.ok) throw new AppError({ code: 'unprocessable', key: 'Api.erp.applyFailed', details: { rows: outcome.report } });
  const { counts, skipped } = outcome.preview;
  return {
    data: { run_id: outcome.runId, kind: outcome.kind, counts, skipped, skipped_csv: counts.skipped ? skippedCsvPath({ run: outcome.runId }) : null },
    message: counts.skipped ? { key: 'Api.erp.appliedSkipped', values: { count: counts.skipped } } : { key: 'Admin.Erp.upload.applied' },
  };
});
