import { NextResponse } from 'next/server';
import { newsletterSchema, newsletterValidationKey } from '@/lib/validation/newsletter';
import { ipFromHeaders } from '@/server/actions/request-meta';
import { AppError, errorResponse, handleApiError } from '@/server/api/errors';
import { serverTranslator } from '@/server/mail/i18n';
import { subscribeToNewsletter } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * POST /api/newsletter with JSON `{ email, mmerge4?, honeypot?, source? }` (spec 7) →
 * `{ success: true, message }`, or 400 with a Portuguese message and the field messages.
 */
export async function POST(request: Request) {
  const t = serverTranslator('Newsletter');
  try {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return errorResponse(
        new AppError({ code: 'bad_request', message: t('api.invalidJson') }),
        NO_STORE,
      );
    }
    const parsed = newsletterSchema.safeParse(body);
    if (!parsed.success) {
      const details: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        (details[field] ??= []).push(t(`validation.${newsletterValidationKey(issue.message)}`));
      }
      const first = Object.values(details)[0]?.[0] ?? t('validation.invalid');
      return errorResponse(
        new AppError({ code: 'bad_request', message: first, details }),
        NO_STORE,
      );
    }
    await subscribeToNewsletter(parsed.data, { ip: ipFromHeaders(request.headers) });
    return NextResponse.json({ success: true, message: t('api.success') }, { headers: NO_STORE });
  } catch (err) {
    const response = handleApiError(err);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
}
