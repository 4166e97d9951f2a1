/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { GET as campaignRoute } from '@/app/api/campaigns/[id]/route';
import { GET as documentRoute } from '@/app/documentos/[kind]/[file]/route';
import { GET as mediaRoute } from '@/app/media/[kind]/[file]/route';
import { resetEnvCache } from '@/lib/env';
import { invalidateCache } from '@/server/cache/invalidate';
import { getCurrentCampaign, listCurrentCampaigns } from '@/server/campaigns/queries';
import { getDb } from '@/server/db/client';
import { demoSeed } from '@/scripts/seed';
import { prepareDatabase } from '@/server/db/prepare';
import { setupTestDatabase } from '../helpers/db';

/**
 * Bounded media cost (issue 9): /media renders a fixed list of widths and qualities, encoded
 * images and catalogue PDFs are made once per content version and served from a cache (memory,
 * then disk under DATA_DIR) until the catalogue changes; products no longer sold leave /media
 * and the campaigns.
 */
const handle = setupTestDatabase();
const env = process.env as Record<string, string | undefined>;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-cache-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  await prepareDatabase(handle.current(), { seed: demoSeed });
}, 180_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function media(kind: string, file: string, qs = '', headers: Record<string, string> = {}) {
  const response = await mediaRoute(new Request(`http://localhost/media/${kind}/${file}${qs}`, { headers }), { params: Promise.resolve({ kind, file }) });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function pdf(kind: string, file: string, headers: Record<string, string> = {}) {
  const response = await documentRoute(new Request(`http://localhost/documentos/${kind}/${file}`, { headers }), { params: Promise.resolve({ kind, file }) });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

/** What a restart does to the cache: the process memory is gone, DATA_DIR stays. */
function forgetMemory() {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('cag.media.cache')];
}

describe('widths and qualities', () => {
  it('serves a width between the steps at the next step up, as the same rendering', async () => {
    const odd = await media('chapters', '10.webp', '?w=500&q=75');
    expect(odd.status).toBe(200);
    expect(await widthOf(odd.body)).toBe(640);
    const step = await media('chapters', '10.webp', '?w=640&q=75');
    expect(step.headers.get('etag')).toBe(odd.headers.get('etag'));
    expect(step.body.equals(odd.body)).toBe(true);

    const tiny = await media('chapters', '10.webp', '?w=17&q=71');
    expect(await widthOf(tiny.body)).toBe(40);
    expect(tiny.headers.get('etag')).toBe((await media('chapters', '10.webp', '?w=40&q=70')).headers.get('etag'));
    // PNG has no quality: every q is the same file.
    expect((await media('chapters', '10.png', '?w=320&q=40')).headers.get('etag')).toBe((await media('chapters', '10.png', '?w=320')).headers.get('etag'));
  });

  it('keeps the widths the pages ask for exactly', async () => {
    for (const w of [40, 64, 120, 160, 320, 480, 640, 720, 1000]) expect(await widthOf((await media('chapters', '10.webp', `?w=${w}&q=75`)).body)).toBe(w);
  });

  it('refuses widths and qualities out of range (400), never 500', async () => {
    for (const qs of ['?w=5000', '?w=0', '?w=-3', '?q=20', '?q=101', '?w=99999999999', '?w=abc']) {
      expect((await media('chapters', '10.webp', qs)).status).toBe(400);
    }
  });

  it('answers a burst of different sizes (one bounded sharp queue)', async () => {
    const answers = await Promise.all([16, 50, 100, 200, 300, 350, 450, 600, 700, 900, 1100, 1500].map((w) => media('families', '10-010.webp', `?w=${w}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  });
});

describe('the media cache', () => {
  it('renders a catalogue PDF once, serves it from memory, then from disk after a restart, until the catalogue changes', async () => {
    const db = await getDb();
    const [chapter] = (
      await db.execute<{ slug: string; id: number; name: string }>(sql`
        SELECT c.slug, p.id, p.name FROM chapters c JOIN products p ON p.chapter_code = c.code AND p.active
        ORDER BY c.sort_order, p.id LIMIT 1`)
    ).rows;
    if (!chapter) throw new Error('sem capítulos com produtos');
    const file = `${chapter.slug}.pdf`;

    const first = await pdf('catalogos', file);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(fs.readdirSync(path.join(tmp, 'cache', 'media')).length).toBeGreaterThan(0);

    // A change that nobody announced (no invalidation) is not seen: the PDF is not made again.
    await db.execute(sql`UPDATE products SET name = 'Produto Renomeado Para O Teste' WHERE id = ${chapter.id}`);
    const second = await pdf('catalogos', file);
    expect(second.headers.get('x-cache')).toBe('HIT-MEMORY');
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.body.equals(first.body)).toBe(true);
    expect((await pdf('catalogos', file, { 'If-None-Match': etag! })).status).toBe(304);

    forgetMemory();
    const afterRestart = await pdf('catalogos', file);
    expect(afterRestart.headers.get('x-cache')).toBe('HIT-DISK');
    expect(afterRestart.body.equals(first.body)).toBe(true);

    // The write announces itself (as every catalogue write does): a new version, made again.
    await invalidateCache(['catalogue'], { reason: 'teste' });
    const changed = await pdf('catalogos', file);
    expect(changed.headers.get('x-cache')).toBe('MISS');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.toString('latin1')).toContain('Produto Renomeado Para O Teste');
    expect(first.body.toString('latin1')).not.toContain('Produto Renomeado Para O Teste');
  });

  it('serves an encoded image from the cache the second time, and 304 for its ETag', async () => {
    const first = await media('families', '10-010.png', '?w=800');
    expect(first.status).toBe(200);
    const second = await media('families', '10-010.png', '?w=800');
    expect(['HIT-MEMORY', 'HIT-DISK']).toContain(second.headers.get('x-cache'));
    expect(second.body.equals(first.body)).toBe(true);
    expect((await media('families', '10-010.png', '?w=800', { 'If-None-Match': first.headers.get('etag')! })).status).toBe(304);
  });
});

describe('products no longer sold', () => {
  it('leave /media and the campaigns', async () => {
    const db = await getDb();
    const [linked] = (
      await db.execute<{ code: string; id: number; slug: string; campaign_id: number }>(sql`
        SELECT p.product_code AS code, p.id, c.slug, c.id AS campaign_id FROM campaign_products cp
        JOIN products p ON p.id = cp.product_id AND p.active JOIN campaigns c ON c.id = cp.campaign_id
        ORDER BY c.id, cp.position LIMIT 1`)
    ).rows;
    if (!linked) throw new Error('sem campanhas com produtos');
    const before = await getCurrentCampaign(linked.slug);
    expect(before?.products.map((p) => p.id)).toContain(linked.id);
    expect((await media('products', `${linked.code}.webp`, '?w=320&q=75')).status).toBe(200);

    await db.execute(sql`UPDATE products SET active = false WHERE id = ${linked.id}`);
    await invalidateCache(['catalogue', 'campaigns', `product:${linked.code}`], { reason: 'teste: produto desativado' });

    expect((await media('products', `${linked.code}.webp`, '?w=320&q=75')).status).toBe(404);
    expect((await media('products', `${linked.code}.svg`)).status).toBe(404);
    const after = await getCurrentCampaign(linked.slug);
    expect(after?.products.map((p) => p.id)).not.toContain(linked.id);
    expect(after?.productCount).toBe((before?.productCount ?? 0) - 1);
    const listed = (await listCurrentCampaigns()).find((c) => c.slug === linked.slug);
    expect(listed?.productCount).toBe(after?.productCount);
    const api = await campaignRoute(new Request(`http://localhost/api/campaigns/${linked.campaign_id}`), { params: Promise.resolve({ id: String(linked.campaign_id) }) });
    const body = (await api.json()) as { data: { products: { id: number }[] } };
    expect(body.data.products.map((p) => p.id)).not.toContain(linked.id);
  });
});

describe('ids out of range', () => {
  it.each(['99999999999', '2147483648', '99999999999999999999999'])('/api/campaigns/%s is a 404, not a 500', async (id) => {
    const response = await campaignRoute(new Request(`http://localhost/api/campaigns/${id}`), { params: Promise.resolve({ id }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('/media/chapters/99999999999.png is a 404', async () => {
    expect((await media('chapters', '99999999999.png')).status).toBe(404);
  });
});
