import { newsletterSchema } from '@/lib/validation/newsletter';
import { clientIp } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { limitRequest } from '@/server/auth/rate-limit';
import { subscribeToNewsletter } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

/**
 * POST /api/newsletter with JSON `{ email, mmerge4?, honeypot?, source? }` (spec 7) →
 * `{ success: true, data: null, message }`, or 400 with a Portuguese message and the field messages.
 */
export const POST = apiRoute(
  { body: newsletterSchema, messages: 'Newsletter.validation', cache: 'no-store' },
  async ({ body, request }) => {
    const ip = clientIp(request.headers);
    await limitRequest('newsletter', { ip, email: body.email });
    await subscribeToNewsletter(body, { ip });
    return { data: null, message: { key: 'Newsletter.api.success' } };
  },
);
