import { z } from 'zod';
import { addJobListLinesBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { addToJobList, jobListId } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

/**
 * POST /api/job-lists/{id}/lines: adds a line (`{ product_id, quantity_of_packages,
 * items_per_package?, selected_package_type? }`, the cart's body, or `{ code, quantity_of_packages }`), several (`{ lines: [...] }`)
 * or the caller's cart (`{ cart_id }`). The cart's package rules apply (400 with the allowed
 * values); adding a model again in the same package sums. 201 with the line ids.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }), body: addJobListLinesBody, messages: 'JobLists' },
  async ({ viewer, params, body }) => {
    const result = await addToJobList(viewer.id, jobListId(params.id), body);
    return { data: result, message: result.added === 1 ? { key: 'JobLists.lineAdded' } : { key: 'JobLists.linesAdded', values: { count: result.added } }, status: 201 };
  },
);
