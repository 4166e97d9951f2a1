import { clientIp } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { limitRequest } from '@/server/auth/rate-limit';
import { parseVitalsBeacon, recordVitalsBeacon, VITALS_BODY_LIMIT } from '@/server/vitals';

export const dynamic = 'force-dynamic';

const TYPES = /^(text\/plain|application\/json)\s*(;|$)/i;

/**
 * POST /api/vitals — web-vital beacons of the browser (components/vitals): JSON
 * `{ page, metrics: [{ name: 'LCP'|'INP'|'CLS'|'TTFB', value }] }` sent as text/plain by
 * `navigator.sendBeacon` (or as application/json). No session, no cookie read. 202 when counted;
 * 400 with the field messages, 413 past 4 kB, 415 for another body type, 429 past 60 a minute per IP.
 */
export const POST = apiRoute({ bodyLimit: VITALS_BODY_LIMIT, cache: 'no-store' }, async ({ request }) => {
  if (!TYPES.test(request.headers.get('content-type')?.trim() ?? '')) throw new AppError({ code: 'unsupported_media_type', key: 'Api.unsupportedMediaType' });
  const text = await request.text();
  const beacon = parseVitalsBeacon(text);
  await limitRequest('vitals', { ip: clientIp(request.headers) });
  await recordVitalsBeacon(beacon);
  return { data: null, status: 202 };
});
