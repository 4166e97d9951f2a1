import { apiRoute } from '@/server/api/route';
import { AppError, composedText } from '@/server/errors';
import { checkDatabase } from '@/server/health';

export const dynamic = 'force-dynamic';

/** GET /api/health: 200 with the database status, 503 when the database is unreachable. */
export const GET = apiRoute({ cache: 'no-store' }, async () => {
  const database = await checkDatabase();
  if (database.status !== 'up') throw new AppError({ code: 'unavailable', ...composedText(database.error) });
  return { data: { status: 'ok', database, time: new Date().toISOString() } };
});
