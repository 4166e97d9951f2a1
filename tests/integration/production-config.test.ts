/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetEnvCache } from '@/lib/env';
import { hashIp } from '@/server/security/hash-ip';
import { startConfigProblems } from '@/server/config/production';

/**
 * What a production start refuses (NODE_ENV=production with an https SITE_URL or PRODUCTION_HOSTS):
 * a missing or short BETTER_AUTH_SECRET, a missing IP_HASH_SALT, an ADMIN_PASSWORD that breaks the
 * password rules; and DEMO_ACCOUNTS=1 with an https SITE_URL anywhere.
 */
const env = process.env as Record<string, string | undefined>;
const VARS = ['NODE_ENV', 'SITE_URL', 'PRODUCTION_HOSTS', 'BETTER_AUTH_SECRET', 'IP_HASH_SALT', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DEMO_ACCOUNTS'];
const SECRET = 'x'.repeat(40);
const saved = Object.fromEntries(VARS.map((k) => [k, env[k]]));

function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  for (const k of VARS) delete env[k];
  env.NODE_ENV = 'test';
  Object.assign(env, vars);
  resetEnvCache();
  try {
    return fn();
  } finally {
    for (const k of VARS) {
      if (saved[k] === undefined) delete env[k];
      else env[k] = saved[k];
    }
    resetEnvCache();
  }
}

const problems = (vars: Record<string, string>) => withEnv(vars, () => startConfigProblems().map((p) => p.variable));
const HTTPS = { NODE_ENV: 'production', SITE_URL: 'https://www.casadasaguasgaia.pt' };

describe('production start checks', () => {
  it('refuse a production start without BETTER_AUTH_SECRET and IP_HASH_SALT (https SITE_URL, or PRODUCTION_HOSTS)', () => {
    expect(problems(HTTPS)).toEqual(['BETTER_AUTH_SECRET', 'IP_HASH_SALT']);
    expect(problems({ NODE_ENV: 'production', PRODUCTION_HOSTS: 'www.casadasaguasgaia.pt' })).toEqual(['BETTER_AUTH_SECRET', 'IP_HASH_SALT']);
    expect(problems({ ...HTTPS, BETTER_AUTH_SECRET: SECRET })).toEqual(['IP_HASH_SALT']);
    expect(problems({ ...HTTPS, IP_HASH_SALT: 'sal-secreto' })).toEqual(['BETTER_AUTH_SECRET']);
    expect(problems({ ...HTTPS, BETTER_AUTH_SECRET: SECRET, IP_HASH_SALT: 'sal-secreto' })).toEqual([]);
  });

  it('refuse a secret under 32 characters, with the reason in Portuguese and English', () => {
    const found = withEnv({ ...HTTPS, BETTER_AUTH_SECRET: 'curto-demais', IP_HASH_SALT: 'sal' }, () => startConfigProblems());
    expect(found).toHaveLength(1);
    expect(found[0]!.pt).toContain('BETTER_AUTH_SECRET deve ter pelo menos 32 caracteres');
    expect(found[0]!.en).toContain('must be at least 32 characters');
  });

  it('refuse an ADMIN_PASSWORD that breaks the password rules', () => {
    const ok = { ...HTTPS, BETTER_AUTH_SECRET: SECRET, IP_HASH_SALT: 'sal', ADMIN_EMAIL: 'chefe@example.pt' };
    const found = withEnv({ ...ok, ADMIN_PASSWORD: 'admin123' }, () => startConfigProblems());
    expect(found.map((p) => p.variable)).toEqual(['ADMIN_PASSWORD']);
    expect(found[0]!.pt).toContain('maiúscula');
    expect(problems({ ...ok, ADMIN_PASSWORD: 'Chefe-da-Loja-2026' })).toEqual([]);
  });

  it('leave a local start alone (http, no PRODUCTION_HOSTS, or not NODE_ENV=production), and refuse DEMO_ACCOUNTS=1 with https', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })).toEqual([]);
    expect(problems({ NODE_ENV: 'development', SITE_URL: 'https://tunel.example.pt' })).toEqual([]);
    expect(problems({ ...HTTPS, BETTER_AUTH_SECRET: SECRET, IP_HASH_SALT: 'sal', DEMO_ACCOUNTS: '1' })).toEqual(['DEMO_ACCOUNTS']);
  });

  it('the public default salt of the IP hashes is never used in production', () => {
    expect(withEnv({ NODE_ENV: 'production' }, () => hashIp('203.0.113.9'))).toMatch(/^[0-9a-f]{32}$/);
    expect(() => withEnv(HTTPS, () => hashIp('203.0.113.9'))).toThrow('IP_HASH_SALT');
  });
});

describe('npm start in production mode', () => {
  it('stops before opening the database, with exit code 3 and both reasons', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prod-check-'));
    try {
      const childEnv: Record<string, string | undefined> = { ...process.env, ...HTTPS, DATA_DIR: dataDir, SKIP_DEMO_SEED: '1' };
      for (const k of ['BETTER_AUTH_SECRET', 'IP_HASH_SALT', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PRODUCTION_HOSTS', 'DATABASE_URL', 'DEMO_ACCOUNTS']) delete childEnv[k];
      const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join('scripts', 'db-prepare.ts')], {
        cwd: process.cwd(),
        env: childEnv as NodeJS.ProcessEnv,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stderr).toContain('Arranque recusado');
      expect(result.stderr).toContain('Start refused');
      expect(result.stderr).toContain('BETTER_AUTH_SECRET');
      expect(result.stderr).toContain('IP_HASH_SALT');
      expect(result.status).toBe(3);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
