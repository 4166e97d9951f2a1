import { z } from 'zod';
import { updateJobListLineBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { jobListId, jobListLineId, removeJobListLine, updateJobListLine } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.string(), lineId: z.string() });

/** PATCH /api/job-lists/{id}/lines/{lineId} `{ quantity_of_packages }`: a new package count (the model's rules apply). */
export const PATCH = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params, body: updateJobListLineBody, messages: 'JobLists' },
  async ({ viewer, params, body }) => ({
    data: await updateJobListLine(viewer.id, jobListId(params.id), jobListLineId(params.lineId), body.quantity_of_packages),
    message: { key: 'JobLists.lineUpdated' },
  }),
);

/** DELETE /api/job-lists/{id}/lines/{lineId}: removes a line of one of the caller's lists. */
export const DELETE = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params }, async ({ viewer, params }) => {
  await removeJobListLine(viewer.id, jobListId(params.id), jobListLineId(params.lineId));
  return { data: null, message: { key: 'JobLists.lineRemoved' } };
});
