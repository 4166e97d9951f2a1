import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDatabase, MIGRATIONS_FOLDER, type Driver } from '@/server/db/client';
import { instanceMismatch } from '@/server/instances';
import { getStorage } from '@/server/storage';
import { AppError } from '@/server/errors';
import { logger } from '@/server/log';
import { serverTranslator } from '@/server/i18n';

const log = logger('health');

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
    log.error({ err }, 'base de dados indisponível');
    return { status: 'down', error: 'A base de dados não está disponível.' };
  }
}

// ---------------------------------------------------------------------------------------------
// Readiness (/api/health/ready): may this instance take traffic? /api/health stays liveness.

export type ReadyCheck = 'database' | 'migrations' | 'storage' | 'configuration';

export interface CheckResult {
  ok: boolean;
  ms: number;
  /** Why it failed, in words for staff (no stack, no connection string). */
  error?: string;
}

export interface Readiness {
  ready: boolean;
  checks: {
    database: CheckResult;
    migrations: CheckResult & { expected: number; applied: number; pending: string[] };
    storage: CheckResult;
    /** The same secrets as the other live instances (server/instances.ts). */
    configuration: CheckResult;
  };
  failed: ReadyCheck[];
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations the build ships (supabase/migrations/meta/_journal.json). */
function shippedMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map((e) => ({ when: Number(e.when), tag: e.tag }));
}

const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Database reachable (a query within `timeoutMs`), every migration of the build applied (each
 * journal entry's timestamp among drizzle's applied ones), storage reachable (a `stat` of a key
 * that need not exist), the same secrets as the other live instances. Never throws.
 */
export async function checkReadiness(timeoutMs = 5_000): Promise<Readiness> {
  const dbStarted = performance.now();
  let database: CheckResult;
  let migrations: Readiness['checks']['migrations'];
  const shipped = shippedMigrations();
  try {
    const { db } = await withTimeout(getDatabase(), timeoutMs);
    const result = await withTimeout(db.execute<{ created_at: string | number }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations`), timeoutMs);
    database = { ok: true, ms: since(dbStarted) };
    const applied = new Set(result.rows.map((r) => Number(r.created_at)));
    const pending = shipped.filter((m) => !applied.has(m.when)).map((m) => m.tag);
    migrations = { ok: pending.length === 0, ms: 0, expected: shipped.length, applied: applied.size, pending, ...(pending.length ? { error: 'Há migrações por aplicar.' } : {}) };
  } catch (err) {
    log.error({ err }, 'prontidão: base de dados indisponível');
    database = { ok: false, ms: since(dbStarted), error: 'A base de dados não está disponível.' };
    migrations = { ok: false, ms: 0, expected: shipped.length, applied: 0, pending: [], error: 'Não verificadas: a base de dados não respondeu.' };
  }
  const storageStarted = performance.now();
  let storage: CheckResult;
  try {
    await withTimeout(getStorage().stat('health/ready-probe'), timeoutMs);
    storage = { ok: true, ms: since(storageStarted) };
  } catch (err) {
    log.error({ err }, 'prontidão: armazenamento indisponível');
    storage = { ok: false, ms: since(storageStarted), error: 'O armazenamento de ficheiros não está disponível.' };
  }
  const mismatch = instanceMismatch();
  const configuration: CheckResult = mismatch ? { ok: false, ms: 0, error: 'Segredos diferentes dos das outras instâncias (BETTER_AUTH_SECRET ou IP_HASH_SALT).' } : { ok: true, ms: 0 };
  const checks = { database, migrations, storage, configuration };
  const failed = (Object.keys(checks) as ReadyCheck[]).filter((k) => !checks[k].ok);
  return { ready: failed.length === 0, checks, failed };
}

/** Seconds a load balancer (or a client) waits before asking again after a 503. */
export const READY_RETRY_AFTER_SECONDS = 5;

/** The 503 of a failed readiness: the failed checks named in pt-PT, `Retry-After`, the checks as `data`. */
export function notReadyError(readiness: Readiness): AppError {
  const names = serverTranslator('Api.readyChecks');
  return new AppError({
    code: 'unavailable',
    key: 'Api.notReady',
    values: { checks: readiness.failed.map((c) => names(c)).join(', ') },
    details: { retryAfter: [String(READY_RETRY_AFTER_SECONDS)], failed: readiness.failed },
    data: { status: 'not_ready', checks: readiness.checks },
  });
}
