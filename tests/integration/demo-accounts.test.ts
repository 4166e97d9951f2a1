/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { POST as catalogueImport } from '@/app/api/admin/catalogue/route';
import { GET as usersAuth } from '@/app/api/users/auth/route';
import { demoAccountsSeed } from '@/scripts/seed';
import { DEMO_ACCOUNTS } from '@/scripts/seed/accounts';
import { prepareDatabase } from '@/server/db/prepare';
import { appState, authRateLimits, sessions, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import type { Database } from '@/server/db/client';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { createTestDatabase, setupTestDatabase } from '../helpers/db';

/**
 * The demo accounts (public passwords, README) exist only in a local demo: with the demo
 * catalogue, no PRODUCTION_HOSTS (unless DEMO_ACCOUNTS=1 opts in on http) and never with an
 * https SITE_URL; a real catalogue import deletes them with their sessions, except the account
 * that imports and the last administrator (issue 23).
 */
const handle = setupTestDatabase();
behindTrustedFront();
const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.isAdmin)!;
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'catalogue-small.csv');

let ip = 0;
async function signIn(email: string, password: string) {
  const response = await authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders(`198.51.100.${++ip}`) },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: response.status, token: response.headers.get('set-auth-token') };
}

/** `GET /api/users/auth` (the admin's list of every account) with a bearer token. */
async function listUsers(token: string): Promise<number> {
  const response = await usersAuth(new Request(`${SITE}/api/users/auth`, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  return response.status;
}

async function demoAccountsIn(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  return row!.n;
}

/** The state the demo seed leaves (the catalogue marker), without generating 10,000 models. */
async function markDemoCatalogue(database: Database) {
  await database.db.insert(appState).values({ key: 'catalogue', value: { source: 'demo', seed: 1967 } }).onConflictDoNothing();
}

/** A start (`npm start` prepares the database) with these variables. */
async function start(vars: Record<string, string | undefined>, database: Database = handle.current()) {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(vars)) {
    saved[k] = env[k];
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  resetEnvCache();
  try {
    return await prepareDatabase(database, { seed: demoAccountsSeed });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    resetEnvCache();
  }
}

const LOCAL = { SITE_URL: undefined, PRODUCTION_HOSTS: undefined, DEMO_ACCOUNTS: undefined };

beforeAll(async () => {
  env.SITE_URL = SITE;
  resetEnvCache();
  await markDemoCatalogue(handle.current());
});

// Each case signs in afresh: the refused sign-ins of one case must not count against the next.
beforeEach(async () => {
  await handle.current().db.delete(authRateLimits);
});

afterAll(() => {
  delete env.SITE_URL;
  resetEnvCache();
});

describe('demo accounts', () => {
  it('exist in a local demo: the demo administrator signs in and lists the accounts', async () => {
    await start(LOCAL);
    expect(await demoAccountsIn(handle.current())).toBe(DEMO_ACCOUNTS.length);
    const admin = await signIn(ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    expect(await listUsers(admin.token!)).toBe(200);
    // The demo customers can order at once: a default delivery and billing address each (issue 11).
    const rows = await handle.current().db.execute(sql`
      select u.email, a.postal_code from addresses a join users u on u.id = a.user_id
      where a.is_default_delivery and a.is_default_billing order by u.email`);
    expect((rows as unknown as { rows: { email: string; postal_code: string }[] }).rows.map((r) => r.email)).toEqual(['cliente@demo.casadasaguas.pt', 'pro@demo.casadasaguas.pt']);
    // A second start adds none.
    await start(LOCAL);
    const again = await handle.current().db.execute(sql`select count(*)::int as n from addresses`);
    expect((again as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  it('on a start with PRODUCTION_HOSTS: none, the demo admin sign-in is refused and its open session is gone', async () => {
    await start(LOCAL);
    const before = await signIn(ADMIN.email, ADMIN.password);
    expect(before.status).toBe(200);

    const result = await start({ ...LOCAL, PRODUCTION_HOSTS: 'www.casadasaguasgaia.pt' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
    expect(await listUsers(before.token!)).toBe(401);
    expect(await demoAccountsIn(handle.current())).toBe(0);
    expect(result.demoAccounts).toBe(0);
    // A later start keeps them away.
    await start({ ...LOCAL, PRODUCTION_HOSTS: 'www.casadasaguasgaia.pt' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
  });

  it('on a start with an https SITE_URL: none, even with DEMO_ACCOUNTS=1', async () => {
    await start(LOCAL);
    expect(await demoAccountsIn(handle.current())).toBe(DEMO_ACCOUNTS.length);
    await start({ ...LOCAL, SITE_URL: 'https://www.casadasaguasgaia.pt' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
    expect(await demoAccountsIn(handle.current())).toBe(0);
    await start({ ...LOCAL, SITE_URL: 'https://loja.example.pt', DEMO_ACCOUNTS: '1' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
    expect(await demoAccountsIn(handle.current())).toBe(0);
  });

  it('with PRODUCTION_HOSTS on an http SITE_URL only when DEMO_ACCOUNTS=1 opts in (the end-to-end server); DEMO_ACCOUNTS=0 turns them off', async () => {
    await start({ ...LOCAL, PRODUCTION_HOSTS: '127.0.0.1', SITE_URL: SITE, DEMO_ACCOUNTS: '1' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
    await start({ ...LOCAL, DEMO_ACCOUNTS: '0' });
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(401);
  });

  it('DEMO_ACCOUNTS=1 keeps them through an import (the end-to-end server imports catalogues)', async () => {
    const other = await createTestDatabase();
    const optIn = { ...LOCAL, PRODUCTION_HOSTS: '127.0.0.1', SITE_URL: SITE, DEMO_ACCOUNTS: '1' };
    try {
      await start(optIn, other);
      expect(await demoAccountsIn(other)).toBe(DEMO_ACCOUNTS.length);
      env.DEMO_ACCOUNTS = '1';
      resetEnvCache();
      expect((await importCatalogueFile(other.db, FIXTURE)).ok).toBe(true);
      expect(await demoAccountsIn(other)).toBe(DEMO_ACCOUNTS.length);
      await start(optIn, other);
      expect(await demoAccountsIn(other)).toBe(DEMO_ACCOUNTS.length);
    } finally {
      delete env.DEMO_ACCOUNTS;
      resetEnvCache();
      await other.close();
    }
  });

  it('a real catalogue imported over HTTP (POST /api/admin/catalogue) deletes the other demo accounts and their sessions, never the importer; later starts do not bring them back', async () => {
    await start(LOCAL);
    const admin = await signIn(ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const editor = DEMO_ACCOUNTS.find((a) => a.role === 'editor')!;
    const editorSession = await signIn(editor.email, editor.password);
    expect(editorSession.status).toBe(200);

    const response = await catalogueImport(
      new Request(`${SITE}/api/admin/catalogue`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv' },
        body: fs.readFileSync(FIXTURE),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);

    // The administrator who imported stays signed in (issue 23); every other demo account is gone.
    expect(await demoAccountsIn(handle.current())).toBe(1);
    expect(await listUsers(admin.token!)).toBe(200);
    expect(await listUsers(editorSession.token!)).toBe(401);
    expect((await signIn(editor.email, editor.password)).status).toBe(401);
    const [open] = await handle.current().db.select({ n: count() }).from(sessions);
    expect(open!.n).toBe(1);

    await start(LOCAL);
    expect(await demoAccountsIn(handle.current())).toBe(1);
    expect((await signIn(editor.email, editor.password)).status).toBe(401);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('a real catalogue imported from the command line (npm run catalogue:import) deletes them too, except the last administrator', async () => {
    const other = await createTestDatabase();
    try {
      await markDemoCatalogue(other);
      await start(LOCAL, other);
      expect(await demoAccountsIn(other)).toBe(DEMO_ACCOUNTS.length);
      const result = await importCatalogueFile(other.db, FIXTURE);
      expect(result.ok).toBe(true);
      expect(await demoAccountsIn(other)).toBe(1);
      await start(LOCAL, other);
      expect(await demoAccountsIn(other)).toBe(1);
      // A production start still removes it: there the administrator comes from ADMIN_EMAIL.
      await start({ ...LOCAL, PRODUCTION_HOSTS: 'www.casadasaguasgaia.pt' }, other);
      expect(await demoAccountsIn(other)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
