import { z } from 'zod';
import { jobListToCartBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { jobListId, jobListToCart } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

/**
 * POST /api/job-lists/{id}/to-cart `{ line_ids? }`: the list's lines (or the chosen ones) into the
 * caller's cart at today's prices; `unavailable` lists the lines that could not be added. The
 * list stays as it was.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }), body: jobListToCartBody, messages: 'JobLists' },
  async ({ viewer, params, body }) => {
    const result = await jobListToCart(viewer.id, jobListId(params.id), body.line_ids);
    return { data: result, message: { key: 'JobLists.movedToCart', values: { count: result.added.length } } };
  },
);
