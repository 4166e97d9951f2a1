import { apiRoute } from '@/server/api/route';
import { checkReadiness, notReadyError } from '@/server/health';

export const dynamic = 'force-dynamic';

/**
 * GET /api/health/ready — readiness: 200 with the checks (database reachable, migrations applied,
 * storage reachable) when this instance may take traffic; 503 with `Retry-After`, the same checks
 * as `data` and the failed ones named. GET /api/health stays the liveness probe.
 */
export const GET = apiRoute({ cache: 'no-store' }, async () => {
  const readiness = await checkReadiness();
  if (!readiness.ready) throw notReadyError(readiness);
  return { data: { status: 'ready', checks: readiness.checks, time: new Date().toISOString() } };
});
