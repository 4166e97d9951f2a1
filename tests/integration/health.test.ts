/** @jest-environment node */
import { resetEnvCache } from '@/lib/env';
import { setDatabase } from '@/server/db/client';
import { GET } from '@/app/api/health/route';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

const probe = () => GET(new Request('http://localhost/api/health'));

describe('GET /api/health', () => {
  it('answers 200 with the database status when the database is up', async () => {
    const response = await probe();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await response.json();
    expect(body).toMatchObject({ success: true, data: { status: 'ok', database: { status: 'up', driver: handle.current().driver } } });
    expect(body.data.database.migrations).toBeGreaterThanOrEqual(3);
  });

  it('answers 503 with a JSON error, not a stack trace, when the database is unreachable', async () => {
    const saved = process.env.DATABASE_URL;
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      process.env.DATABASE_URL = 'postgres://loja:loja@127.0.0.1:9/loja'; // nothing listens on port 9
      resetEnvCache();
      setDatabase(undefined);
      const response = await probe();
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toEqual({
        success: false,
        message: 'A base de dados não está disponível.',
        error: { code: 'unavailable', message: 'A base de dados não está disponível.' },
      });
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.ts/);
    } finally {
      errorSpy.mockRestore();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      resetEnvCache();
      setDatabase(handle.current());
    }
  });
});
