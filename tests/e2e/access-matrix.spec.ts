import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { DEMO, type DemoRole } from './support/accounts';

/**
 * Who may open what (spec 4 "Protected routes", spec 6): every protected page and route handler
 * for a visitor and each kind of account, with the HTTP status each one gets.
 * 307 = sent to the login page; 403 = 'Access Denied' / 'Admin Access Only'; 401 = API without session.
 * `particular` and `pro` are customers (role viewer); `viewer` is the demo staff reader (role
 * reader, issue 23): /admin/dashboard answers 200 to every login, but customers get the
 * customers' page there, and only staff the console.
 */
type Who = 'anonymous' | DemoRole;
const WHO: Who[] = ['anonymous', 'particular', 'pro', 'viewer', 'editor', 'admin'];

const ALL = (status: number) => Object.fromEntries(WHO.map((w) => [w, status])) as Record<Who, number>;
const signedIn = (status: number, overrides: Partial<Record<Who, number>> = {}) => ({ ...ALL(status), anonymous: 307, ...overrides });

const PAGES: [string, Record<Who, number>][] = [
  ['/dashboard', signedIn(200)],
  ['/dashboard/profile', signedIn(200)],
  ['/dashboard/settings', signedIn(200)],
  ['/admin/dashboard', signedIn(200)],
  ['/admin/campaigns', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/campaigns/new', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/products', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/ficha-tecnica', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/google-category-classifier', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/catalogue-management', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/brands', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/supplier-catalogues', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/search', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/pro-accounts', signedIn(403, { admin: 200 })],
  ['/admin/pro-accounts/requests', signedIn(403, { admin: 200 })],
  ['/admin/cache-performance', signedIn(403, { admin: 200 })],
  ['/admin/orders', signedIn(403, { editor: 200, admin: 200 })],
  ['/admin/phc-sync', signedIn(403, { admin: 200 })],
  ['/admin/phc-clients', signedIn(403, { admin: 200 })],
  ['/dev/outbox', signedIn(403, { admin: 200 })],
];

const HANDLERS: [string, Record<Who, number>][] = [['/api/users/auth', { ...ALL(403), anonymous: 401, admin: 200 }]];

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const who of WHO) {
    const context = await playwrightRequest.newContext({ baseURL });
    if (who !== 'anonymous') {
      const response = await context.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL! } });
      expect(response.status(), `login ${who}`).toBe(200);
    }
    contexts.set(who, context);
  }
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose();
});

test('every protected page answers each kind of user as the permissions say', async () => {
  const seen: string[] = [];
  for (const [path, expected] of PAGES) {
    for (const who of WHO) {
      const response = await contexts.get(who)!.get(path, { maxRedirects: 0 });
      const got = response.status();
      seen.push(`${path} ${who} ${got}`);
      expect.soft(got, `${path} as ${who}`).toBe(expected[who]);
      if (got === 307) expect.soft(response.headers()['location'], `${path} as ${who}`).toContain(`login?next=${encodeURIComponent(path)}`);
      if (got === 403 && path.startsWith('/admin')) {
        const html = await response.text();
        expect.soft(html, `${path} as ${who}`).toContain(path.startsWith('/admin/phc') ? 'Admin Access Only' : 'Access Denied');
      }
    }
  }
  expect(seen).toHaveLength(PAGES.length * WHO.length);
});

test('/admin/dashboard: the customers\' page for customers, the staff console (with figures) for staff', async () => {
  for (const who of WHO.filter((w) => w !== 'anonymous')) {
    const html = await (await contexts.get(who)!.get('/admin/dashboard')).text();
    const customer = who === 'particular' || who === 'pro';
    expect.soft(html.includes('Esta área é para o pessoal da loja'), `customers' page as ${who}`).toBe(customer);
    expect.soft(html.includes('data-testid="admin-user"'), `staff console as ${who}`).toBe(!customer);
    expect.soft(html.includes('data-testid="dashboard-figures"'), `figures as ${who}`).toBe(!customer);
    expect.soft(html.includes('Leitor'), `"Leitor" as ${who}`).toBe(who === 'viewer');
  }
});

test('every protected route handler answers each kind of user with the right status and JSON', async () => {
  for (const [path, expected] of HANDLERS) {
    for (const who of WHO) {
      const response = await contexts.get(who)!.get(path);
      expect.soft(response.status(), `${path} as ${who}`).toBe(expected[who]);
      const body = (await response.json()) as { success: boolean; data?: { email: string; isAdmin: boolean }[]; error?: { code: string } };
      if (response.status() === 200) {
        expect(body.data?.some((u) => u.email === DEMO.admin.email && u.isAdmin)).toBe(true);
        expect(JSON.stringify(body)).not.toMatch(/password|token/i);
      } else {
        expect(body.success).toBe(false);
        expect(body.error?.code).toBe(response.status() === 401 ? 'unauthorized' : 'forbidden');
      }
    }
  }
});

test('API clients may use the session token as a bearer token', async ({ baseURL }) => {
  const context = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/auth/sign-in/email', { data: DEMO.admin, headers: { origin: baseURL! } });
  const token = login.headers()['set-auth-token'];
  expect(token).toBeTruthy();
  const bare = await playwrightRequest.newContext({ baseURL });
  const response = await bare.get('/api/users/auth', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  await context.dispose();
  await bare.dispose();
});
