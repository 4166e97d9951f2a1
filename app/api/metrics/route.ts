import { rawRoute } from '@/server/api/route';
import { errorResponse } from '@/server/api/errors';
import { AppError } from '@/server/errors';
import { metricsAccess, metricsText } from '@/server/metrics';

export const dynamic = 'force-dynamic';

/**
 * GET /metrics (scripts/serve.mjs passes it here) or /api/metrics: this instance's Prometheus
 * metrics. Off (404) without METRICS_TOKEN; 401 without `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const GET = rawRoute({ cache: 'no-store' }, async ({ request }) => {
  const access = metricsAccess(request.headers.get('authorization'));
  if (access === 'off') throw new AppError({ code: 'not_found', key: 'Api.notFound' });
  if (access === 'denied') return errorResponse(new AppError({ code: 'unauthorized', key: 'Api.metricsUnauthorized' }), { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { 'Content-Type': contentType } });
});
