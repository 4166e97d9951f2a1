import { z } from 'zod';
import { AppError } from '@/server/errors';
import { rawRoute } from '@/server/api/route';
import { readSkippedCsv } from '@/server/erp/uploads';

export const dynamic = 'force-dynamic';

const query = z.union([
  z.object({ run: z.coerce.number().int().positive().max(2 ** 31 - 1) }),
  z.object({ token: z.string().regex(/^[a-f0-9]{64}$/) }),
]);

/**
 * GET /api/admin/erp/skipped?run={id} | ?token={sha256} (admin flag): the lines an ERP
 * sync skipped (articles the catalogue does not have) as CSV — `linha;model_code;motivo` — of an
 * applied run, or of the previewed upload before it is applied. 404 when there is none.
 */
export const GET = rawRoute({ auth: 'required', admin: true, cache: 'no-store', query }, async ({ query: ref }) => {
  const csv = await readSkippedCsv('run' in ref ? { run: ref.run } : { token: ref.token });
  if (!csv) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
  const name = 'run' in ref ? `phc-ignorados-${ref.run}.csv` : 'phc-ignorados.csv';
  return new Response(new Uint8Array(csv), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
