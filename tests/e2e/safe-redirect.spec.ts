import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from './support/mail';

/**
 * Issue 9, safe redirects: a signed-in visitor sent to /login?next=… is redirected only on-site.
 * Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/<TAB>/evil.example` and
 * `/\evil.example` would lead to //evil.example: such targets fall back to the dashboard.
 * (The account is made through better-auth's HTTP API on the full-feature host, localhost.)
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SITE = `http://localhost:${PORT}`;
const PASSWORD = 'Redirecao#Segura2026';

async function signedIn(request: APIRequestContext): Promise<void> {
  const email = `redireciona-${Date.now()}@exemplo.pt`;
  const headers = { origin: SITE };
  const signUp = await request.post(`${SITE}/api/auth/sign-up/email`, { headers, data: { name: 'Rita Redireciona', email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  const confirm = await request.get(`${SITE}${linkIn(await waitForMail(email, /Confirme o seu email/), '/auth/confirm')}`);
  expect(confirm.status()).toBe(200);
  const signIn = await request.post(`${SITE}/api/auth/sign-in/email`, { headers, data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
}

/** Where a redirect's Location leads, as a browser reads it (tabs and newlines dropped). */
function destination(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, ''), SITE);
}

test('logged in, /login?next= redirects on-site only (tab, backslash, protocol-relative, absolute URLs refused)', async ({ request }) => {
  await signedIn(request);
  for (const next of ['%2F%09%2Fevil.example', '%2F%2Fevil.example', '%2F%5Cevil.example', 'https%3A%2F%2Fevil.example%2F', '%2F%250d%250aSet-Cookie%3Ax%3D1', 'javascript%3Aalert(1)']) {
    const response = await request.get(`${SITE}/login?next=${next}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(307);
    const location = response.headers()['location'] ?? '';
    expect(location, next).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    const target = destination(location);
    expect(target.origin, next).toBe(SITE);
    expect(target.pathname, next).toBe('/dashboard');
  }
  // An on-site target is followed.
  const ok = await request.get(`${SITE}/login?next=%2Fdashboard%2Fsettings`, { maxRedirects: 0 });
  expect(ok.status()).toBe(307);
  expect(destination(ok.headers()['location'] ?? '').pathname).toBe('/dashboard/settings');
});
