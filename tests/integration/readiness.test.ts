/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { GET as ready } from '@/app/api/health/ready/route';
import { GET as live } from '@/app/api/health/route';
import { setDatabase } from '@/server/db/client';
import { captureLogs } from '@/server/log';
import { filesystemStorage, setStorage, type FileStorage } from '@/server/storage';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

const probe = () => ready(new Request('http://localhost/api/health/ready'));

/** The log lines of `run` kept out of the test output. */
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const logs = captureLogs();
  try {
    return await run();
  } finally {
    logs.restore();
  }
}

describe('GET /api/health/ready', () => {
  it('answers 200 with every check when the database, the migrations and the storage are fine', async () => {
    const response = await probe();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await response.json();
    expect(body.data).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true, pending: [] }, storage: { ok: true } },
    });
    expect(body.data.checks.migrations.expected).toBe(body.data.checks.migrations.applied);
  });

  it('answers 503 with Retry-After and names the storage when the storage does not answer', async () => {
    const broken: FileStorage = { ...filesystemStorage(), stat: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')) };
    setStorage(broken);
    try {
      const response = await quietly(probe);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = await response.json();
      expect(body).toMatchObject({
        success: false,
        error: { code: 'unavailable', details: { failed: ['storage'] } },
        data: { status: 'not_ready', checks: { database: { ok: true }, storage: { ok: false, error: 'O armazenamento de ficheiros não está disponível.' } } },
      });
      expect(body.message).toBe('Esta instância ainda não está pronta para receber pedidos (falhou: armazenamento de ficheiros). Tente novamente dentro de alguns instantes.');
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.ts/);
      // Liveness is not readiness: the process itself is fine.
      expect((await live(new Request('http://localhost/api/health'))).status).toBe(200);
    } finally {
      setStorage(undefined);
    }
  });

  it('answers 503 naming the migrations when one of the build is not applied', async () => {
    const db = handle.current().db;
    const last = await db.execute<{ id: number; hash: string; created_at: string }>(sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
    const row = last.rows[0]!;
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${row.id}`);
    try {
      const response = await probe();
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = await response.json();
      expect(body.error.details.failed).toEqual(['migrations']);
      expect(body.data.checks.migrations).toMatchObject({ ok: false, pending: [expect.stringMatching(/^\d{14}_/)] });
      expect(body.message).toContain('migrações');
    } finally {
      await db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`);
    }
  });

  it('answers 503 naming the database (and the migrations, unchecked) when the database is unreachable', async () => {
    const saved = process.env.DATABASE_URL;
    try {
      process.env.DATABASE_URL = 'postgres://loja:loja@127.0.0.1:9/loja'; // nothing listens on port 9
      resetEnvCache();
      setDatabase(undefined);
      const response = await quietly(probe);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = await response.json();
      expect(body.error.details.failed).toEqual(['database', 'migrations']);
      expect(body.data.checks.storage.ok).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      resetEnvCache();
      setDatabase(handle.current());
    }
  });
});

describe('GET /api/health/ready with instances that disagree', () => {
  it('answers 503 naming the configuration when this instance runs other secrets than the live ones', async () => {
    const MISMATCH = Symbol.for('cag.instance.mismatch');
    const g = globalThis as { [MISMATCH]?: string | null };
    g[MISMATCH] = 'segredos diferentes dos de outra:1 (BETTER_AUTH_SECRET ou IP_HASH_SALT)';
    try {
      const response = await probe();
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.error.details.failed).toEqual(['configuration']);
      expect(body.message).toContain('configuração igual à das outras instâncias');
    } finally {
      g[MISMATCH] = null;
    }
  });
});
