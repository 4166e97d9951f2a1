import { createJobListBody } from '@/lib/validation/job-lists';
import { apiRoute } from '@/server/api/route';
import { createJobList, listJobLists } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

/** GET /api/job-lists: the caller's job lists ("obras"), most recently changed first. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD' }, async ({ viewer }) => ({ data: await listJobLists(viewer.id) }));

/** POST /api/job-lists `{ name, cart_id? }`: a new list (201); with `cart_id`, the caller's cart lines are copied into it. */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', body: createJobListBody, messages: 'JobLists' },
  async ({ viewer, body }) => ({ data: await createJobList(viewer.id, body.name, { cartId: body.cart_id }), message: { key: 'JobLists.created' }, status: 201 }),
);
