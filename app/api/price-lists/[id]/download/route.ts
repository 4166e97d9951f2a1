import { z } from 'zod';
import { PRIVATE_NO_STORE, rawRoute } from '@/server/api/route';
import { openPriceListFile } from '@/server/price-lists';

export const dynamic = 'force-dynamic';

/**
 * GET /api/price-lists/{id}/download: the file of one of the caller's finished price lists, as an
 * attachment (private, no-store). 404 for anyone else's (and for one holding the prices of an
 * account the caller no longer belongs to), 409 while it is being prepared, 403 without a
 * professional account.
 */
export const GET = rawRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }) }, async ({ viewer, params }) => {
  const file = await openPriceListFile(viewer.id, params.id);
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Cache-Control': PRIVATE_NO_STORE,
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
