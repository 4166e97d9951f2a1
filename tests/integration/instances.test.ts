/** @jest-environment node */
import { Pool } from 'pg';
import { checkInstances, instanceMismatch } from '@/server/instances';
import { isDatabaseDown, isDatabaseUnavailableError, markDatabaseUp } from '@/server/db/availability';
import { toAppError, errorResponse } from '@/server/api/errors';
import { setupTestDatabase } from '../helpers/db';
import { captureLogs } from '@/server/log';

/**
 * Issue 24: several instances on one database. Each says which build and which secrets it runs;
 * one whose secrets differ from a live instance's is not ready. And a database that is gone is a
 * 503 to come back to, not a 500.
 */
const handle = setupTestDatabase();

describe('instances on one database', () => {
  it('two instances with the same build and secrets see each other and nothing wrong', async () => {
    const db = handle.current().db;
    await checkInstances(db, { name: 'a:1', build: 'B1', secrets: 'S' });
    const b = await checkInstances(db, { name: 'b:2', build: 'B1', secrets: 'S' });
    expect(b).toEqual({ mismatch: null, others: 1 });
    expect(instanceMismatch()).toBeNull();
  });

  it('an instance whose secrets differ from a live one says so (and is not ready); a different build is only a warning', async () => {
    const db = handle.current().db;
    const logs = captureLogs();
    try {
      const c = await checkInstances(db, { name: 'c:3', build: 'B1', secrets: 'OTHER' });
      expect(c.mismatch).toMatch(/segredos diferentes dos de a:1, b:2 /);
      expect(instanceMismatch()).toBe(c.mismatch);
      expect(logs.lines.find((l) => l.level === 'error')).toMatchObject({ scope: 'instances', mismatch: c.mismatch });
      // The fingerprint is a hash: no secret in the log.
      expect(JSON.stringify(logs.lines)).not.toContain('OTHER');
      const d = await checkInstances(db, { name: 'd:4', build: 'B2', secrets: 'S' });
      expect(d.mismatch).toMatch(/segredos diferentes dos de c:3/);
      expect(logs.lines.find((l) => l.level === 'warn')).toMatchObject({ msg: expect.stringMatching(/outra compilação/), otherBuilds: ['B1'] });
    } finally {
      logs.restore();
    }
  });

  it('instances not seen for two minutes no longer count', async () => {
    const db = handle.current().db;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A stopped instance with other secrets, last seen ten minutes ago.
      await checkInstances(db, { name: 'gone:9', build: 'B0', secrets: 'STALE', now: new Date(Date.now() - 10 * 60_000) });
      const f = await checkInstances(db, { name: 'f:6', build: 'B1', secrets: 'OTHER' });
      expect(f.mismatch).toMatch(/segredos diferentes dos de a:1, b:2, d:4 /);
      expect(f.mismatch).not.toContain('gone:9');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('a database that is gone', () => {
  afterEach(() => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    markDatabaseUp();
    errors.mockRestore();
  });

  it('refused connections and shutdowns are "unavailable"; a bad query is not', async () => {
    const pool = new Pool({ connectionString: 'postgres://loja:loja@127.0.0.1:9/loja', connectionTimeoutMillis: 2000 });
    const refused = await pool.query('select 1').catch((err: unknown) => err);
    await pool.end();
    expect(isDatabaseUnavailableError(refused)).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
  });

  it('an API call that meets it answers 503 with Retry-After and the JSON error, and marks the database down', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = errorResponse(toAppError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      const body = await response.json();
      expect(body.error.code).toBe('unavailable');
      expect(body.message).toMatch(/momentaneamente sem acesso aos dados/);
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|\bat \w/);
      expect(isDatabaseDown()).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});
