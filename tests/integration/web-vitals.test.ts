/** @jest-environment node */
import { POST } from '@/app/api/vitals/route';
import { pageTypeOf } from '@/lib/vitals';
import { getDb } from '@/server/db/client';
import { webVitalBuckets } from '@/server/db/schema';
import { purgeExpiredRows } from '@/server/maintenance/purge';
import { bucketOf, quantileOf } from '@/server/vitals/histogram';
import { recordVitals, vitalsSummary } from '@/server/vitals';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';

setupTestDatabase();
behindTrustedFront();

let ipCounter = 0;
/** Each test its own client IP, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function beacon(body: unknown, init: { ip?: string; type?: string } = {}): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return POST(
    new Request('http://localhost/api/vitals', {
      method: 'POST',
      headers: { 'content-type': init.type ?? 'text/plain;charset=UTF-8', ...clientIpHeaders(init.ip ?? freshIp()) },
      body: text,
    }),
  );
}

const exactP75 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
};

describe('POST /api/vitals', () => {
  it('counts a sendBeacon body (text/plain JSON) into the histograms: 202, no cookie needed', async () => {
    const response = await beacon({ page: 'product', metrics: [{ name: 'LCP', value: 1834.2 }, { name: 'TTFB', value: 212 }, { name: 'CLS', value: 0.04 }] });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true, data: null });
    const summary = await vitalsSummary(await getDb());
    expect(summary.day.product.LCP.count).toBe(1);
    expect(summary.day.product.LCP.p75).toBeGreaterThan(1834.2 / 1.1);
    expect(summary.day.product.LCP.p75).toBeLessThan(1834.2 * 1.1);
    expect(summary.day.product.CLS.p75).toBeCloseTo(0.04, 2);
    expect(summary.day.home.LCP).toEqual({ p75: null, count: 0 });
  });

  it('refuses bad input with a structured pt-PT error, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [{ page: 'checkout-v2', metrics: [{ name: 'LCP', value: 1 }] }, 'page', 'Tipo de página desconhecido.'],
      [{ page: 'home', metrics: [{ name: 'FID', value: 1 }] }, 'metrics.0.name', 'Métrica desconhecida: use LCP, INP, CLS ou TTFB.'],
      [{ page: 'home', metrics: [{ name: 'LCP', value: -5 }] }, 'metrics.0.value', 'O valor da medição tem de ser um número entre 0 e 600 000.'],
      [{ page: 'home', metrics: [{ name: 'CLS', value: 5000 }] }, 'metrics.0.value', 'O valor da medição tem de ser um número entre 0 e 600 000.'],
      [{ page: 'home', metrics: [] }, 'metrics', 'Envie entre 1 e 10 medições.'],
      [{ page: 'home', metrics: Array.from({ length: 11 }, () => ({ name: 'LCP', value: 1 })) }, 'metrics', 'Envie entre 1 e 10 medições.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await beacon(body);
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json).toMatchObject({ success: false, error: { code: 'bad_request', details: { [field]: [message] } } });
    }
    const notJson = await beacon('{"page": "home", ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'bad_request', message: 'O pedido tem de ser um objeto JSON.' } });
    const form = await beacon({ page: 'home', metrics: [{ name: 'LCP', value: 1 }] }, { type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const huge = await beacon({ page: 'home', metrics: [{ name: 'LCP', value: 1 }], padding: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('limits beacons per client IP (429 with Retry-After past 60 a minute)', async () => {
    const ip = freshIp();
    const body = { page: 'listing', metrics: [{ name: 'TTFB', value: 100 }] };
    for (let i = 0; i < 60; i++) expect((await beacon(body, { ip })).status).toBe(202);
    const refused = await beacon(body, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, error: { code: 'rate_limited' } });
    expect((await beacon(body)).status).toBe(202);
  });
});

describe('web-vital histograms', () => {
  it('give a p75 within 10 % of the exact one, for ms metrics and for CLS', () => {
    // A skewed distribution of LCPs: most around 1.5 s, a long tail to 12 s.
    const lcps = Array.from({ length: 1000 }, (_, i) => 800 + 1500 * (i / 1000) ** 3 * 8);
    const counts = new Map<number, number>();
    for (const v of lcps) counts.set(bucketOf('LCP', v), (counts.get(bucketOf('LCP', v)) ?? 0) + 1);
    const p75 = quantileOf('LCP', counts)!;
    expect(Math.abs(p75 - exactP75(lcps)) / exactP75(lcps)).toBeLessThan(0.1);

    const cls = Array.from({ length: 400 }, (_, i) => (i % 40) / 200);
    const clsCounts = new Map<number, number>();
    for (const v of cls) clsCounts.set(bucketOf('CLS', v), (clsCounts.get(bucketOf('CLS', v)) ?? 0) + 1);
    expect(Math.abs(quantileOf('CLS', clsCounts)! - exactP75(cls)) / exactP75(cls)).toBeLessThan(0.1);

    expect(quantileOf('INP', new Map())).toBeNull();
    expect(bucketOf('TTFB', 0)).toBe(0);
    expect(bucketOf('TTFB', 10 ** 9)).toBe(bucketOf('TTFB', 600_000));
  });

  it('keep the last 24 hours apart from the last 7 days, bounded rows, and are purged after 8 days', async () => {
    const db = await getDb();
    await db.delete(webVitalBuckets);
    const now = Date.UTC(2026, 10, 28, 12, 30);
    const hour = 3600_000;
    // Today: fast INPs; three days ago: slow ones; ten days ago: very slow (purged, never counted).
    for (let i = 0; i < 40; i++) await recordVitals(db, { page: 'search', metrics: [{ name: 'INP', value: 80 + i }] }, now - (i % 5) * hour);
    for (let i = 0; i < 40; i++) await recordVitals(db, { page: 'search', metrics: [{ name: 'INP', value: 400 + i * 10 }] }, now - 3 * 24 * hour);
    await recordVitals(db, { page: 'search', metrics: [{ name: 'INP', value: 9000 }] }, now - 10 * 24 * hour);

    const summary = await vitalsSummary(db, now);
    expect(summary.day.search.INP.count).toBe(40);
    expect(summary.week.search.INP.count).toBe(80);
    const dayExact = exactP75(Array.from({ length: 40 }, (_, i) => 80 + i));
    const weekExact = exactP75([...Array.from({ length: 40 }, (_, i) => 80 + i), ...Array.from({ length: 40 }, (_, i) => 400 + i * 10)]);
    expect(Math.abs(summary.day.search.INP.p75! - dayExact) / dayExact).toBeLessThan(0.1);
    expect(Math.abs(summary.week.search.INP.p75! - weekExact) / weekExact).toBeLessThan(0.1);

    // 81 measurements, a handful of rows: one per hour × page type × metric × bucket.
    const rows = await db.select().from(webVitalBuckets);
    expect(rows.length).toBeLessThan(40);

    const purged = await purgeExpiredRows(db, now);
    expect(purged.webVitals).toBe(1);
    expect((await db.select().from(webVitalBuckets)).length).toBe(rows.length - 1);
  });
});

describe('page types', () => {
  it('come from the visible URL', () => {
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('/produtos')).toBe('listing');
    expect(pageTypeOf('/produtos/salas-de-banho/louca-sanitaria')).toBe('listing');
    expect(pageTypeOf('/produtos', '?search=torneira')).toBe('search');
    expect(pageTypeOf('/produtos/salas-de-banho/louca-sanitaria/P100149')).toBe('product');
    expect(pageTypeOf('/produtos/p/P100149')).toBe('product');
    expect(pageTypeOf('/campanhas/verao')).toBe('listing');
    expect(pageTypeOf('/cart')).toBe('cart');
    expect(pageTypeOf('/checkout/success')).toBe('cart');
    expect(pageTypeOf('/dashboard/orders/1')).toBe('account');
    expect(pageTypeOf('/admin/cache-performance')).toBe('admin');
    expect(pageTypeOf('/sobre')).toBe('other');
  });
});
