import 'server-only';
import { sql } from 'drizzle-orm';
import { getDatabase, type Driver } from '@/server/db/client';

export type DatabaseHealth =
  | { status: 'up'; driver: Driver; latencyMs: number; migrations: number }
  | { status: 'down'; error: string };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Opens (if needed) and queries the database; never throws. */
export async function checkDatabase(timeoutMs = 5_000): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const database = await withTimeout(getDatabase(), timeoutMs);
    const result = await withTimeout(
      database.db.execute<{ migrations: number }>(
        sql`SELECT count(*)::int AS migrations FROM drizzle.__drizzle_migrations`,
      ),
      timeoutMs,
    );
    return {
      status: 'up',
      driver: database.driver,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      migrations: Number(result.rows[0]?.migrations ?? 0),
    };
  } catch (err) {
    console.error('[health] base de dados indisponível:', err instanceof Error ? err.message : err);
    return { status: 'down', error: 'A base de dados não está disponível.' };
  }
}
