import { newsletterSchema } from '@/lib/validation/newsletter';
import { ipFromHeaders } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { serverTranslator } from '@/server/mail/i18n';
import { subscribeToNewsletter } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

/**
 * POST /api/newsletter with JSON `{ email, mmerge4?, honeypot?, source? }` (spec 7) →
 * `{ success: true, data: null, message }`, or 400 with a Portuguese message and the field messages.
 */
export const POST = apiRoute(
  { body: newsletterSchema, messages: 'Newsletter.validation', cache: 'no-store' },
  async ({ body, request }) => {
    await subscribeToNewsletter(body, { ip: ipFromHeaders(request.headers) });
    return { data: null, message: serverTranslator('Newsletter')('api.success') };
  },
);
