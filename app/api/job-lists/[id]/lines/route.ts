import { z } from 'zod';
import { addJobListLinesBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { addCartToJobList, addJobListLines, jobListId, lineInputs, modelIdByCode } from '@/server/worksite-lists';

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
    const listId = jobListId(params.id);
    let result;
    if ('cart_id' in body) result = await addCartToJobList(viewer.id, listId, body.cart_id);
    else if ('lines' in body) result = await addJobListLines(viewer.id, listId, lineInputs(body.lines));
    else if ('code' in body) {
      const modelId = await modelIdByCode(body.code);
      result = await addJobListLines(viewer.id, listId, [{ modelId, itemsPerPackage: body.items_per_package, packages: body.quantity_of_packages }]);
    } else result = await addJobListLines(viewer.id, listId, lineInputs([body]));
    return { data: result, message: result.added === 1 ? { key: 'JobLists.lineAdded' } : { key: 'JobLists.linesAdded', values: { count: result.added } }, status: 201 };
  },
);
