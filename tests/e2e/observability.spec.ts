import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 24, "Logs and metrics": a visit's web vitals reach the staff page, and /metrics answers
 * the scraper that holds the token (scripts/e2e-server.mjs sets it), with request durations
 * labelled by route pattern.
 */

const METRICS_TOKEN = 'e2e-only-metrics-token-0123456789';
const PRODUCT = '/produtos/salas-de-banho/louca-sanitaria/P100149';

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });

test('a product page visit sends its web vitals, which staff then see on /admin/cache-performance', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  // The reporter loads after the page has loaded, in a chunk of its own.
  await expect(page.locator('html[data-vitals="on"]')).toHaveCount(1, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1 }).click();

  // Leaving the page sends what was measured (navigator.sendBeacon, which Playwright does not
  // report as a request of the page: the staff page below is the proof it arrived).
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.admin.email);
  await form.getByLabel('Password').fill(DEMO.admin.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });

  await page.goto('/admin/cache-performance');
  const section = page.getByRole('region', { name: 'Experiência no navegador (Web Vitals)' });
  await expect(section).toBeVisible();
  const row = section.getByTestId('vitals-day').locator('tr[data-page-type="product"]');
  await expect(row.getByRole('rowheader')).toHaveText('Produto');
  const ttfb = row.locator('td[data-metric="TTFB"]');
  // The beacon may land a moment after the navigation: the page is read again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(ttfb).toContainText(/\d+\s?(medição|medições)/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(ttfb.locator('[data-p75]')).toHaveText(/^[\d\s\u00a0]+\u00a0ms$/);
  // Both windows are there, labelled in Portuguese.
  await expect(section.getByText('Últimas 24 horas')).toBeVisible();
  await expect(section.getByText('Últimos 7 dias')).toBeVisible();
});

test('/metrics answers the scraper with the token, by route pattern, and nobody else', async ({ request }) => {
  const visit = await request.get(PRODUCT, { headers: { 'x-request-id': 'e2e-pedido-0001' } });
  expect(visit.status()).toBe(200);
  expect(visit.headers()['x-request-id']).toBe('e2e-pedido-0001');
  const other = await request.get('/api/health');
  expect(other.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  const anonymous = await request.get('/metrics');
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.code).toBe('unauthorized');

  const scrape = await request.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/produtos/[chapter]/[family]/[productId]",status="200"}');
  expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}');
  expect(text).not.toContain('P100149');
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  expect(text).toMatch(/^cache_hits_total\{cache="pages"\} \d+/m);
});
