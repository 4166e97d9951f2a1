import { NextResponse } from 'next/server';
import { checkDatabase } from '@/server/health';

export const dynamic = 'force-dynamic';

/** GET /api/health: 200 with the database status, 503 when the database is unreachable. */
export async function GET() {
  const database = await checkDatabase();
  const ok = database.status === 'up';
  return NextResponse.json(
    { success: ok, status: ok ? 'ok' : 'unavailable', database, time: new Date().toISOString() },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
