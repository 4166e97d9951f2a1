import { z } from 'zod';
import { jobListExportQuery } from '@/lib/validation/job-lists';
import { PRIVATE_NO_STORE, rawRoute } from '@/server/api/route';
import { jobListId } from '@/server/worksite-lists';
import { exportJobList } from '@/server/worksite-lists/export';

export const dynamic = 'force-dynamic';

/**
 * GET /api/job-lists/{id}/export?format=csv|xlsx: one of the caller's lists as a spreadsheet
 * with the caller's prices of today (attachment, private, no-store); 404 for anyone else's.
 */
export const GET = rawRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }), query: jobListExportQuery, messages: 'JobLists' },
  async ({ viewer, params, query }) => {
    const file = await exportJobList(viewer.id, jobListId(params.id), query.format);
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Cache-Control': PRIVATE_NO_STORE,
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);
