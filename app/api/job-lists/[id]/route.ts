import { z } from 'zod';
import { renameJobListBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { deleteJobList, getPricedJobList, jobListId, renameJobList } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.string() });

/** GET /api/job-lists/{id}: one of the caller's lists with its lines priced for the caller today; 404 for anyone else's. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params }, async ({ viewer, params }) => ({
  data: await getPricedJobList(viewer.id, jobListId(params.id)),
}));

/** PATCH /api/job-lists/{id} `{ name }`: renames one of the caller's lists. */
export const PATCH = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params, body: renameJobListBody, messages: 'JobLists' },
  async ({ viewer, params, body }) => ({ data: await renameJobList(viewer.id, jobListId(params.id), body.name), message: { key: 'JobLists.renamed' } }),
);

/** DELETE /api/job-lists/{id}: deletes one of the caller's lists and its lines. */
export const DELETE = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params }, async ({ viewer, params }) => {
  await deleteJobList(viewer.id, jobListId(params.id));
  return { data: null, message: { key: 'JobLists.deleted' } };
});
