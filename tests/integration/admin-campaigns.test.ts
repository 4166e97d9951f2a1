/** @jest-environment node */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { GET as listGet, POST as campaignsPost } from '@/app/api/campaigns/route';
import { DELETE as campaignDelete, GET as campaignGet, PUT as campaignPut } from '@/app/api/campaigns/[id]/route';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { countCampaignsEnding } from '@/server/campaigns/admin';
import { listCurrentCampaigns } from '@/server/campaigns/queries';
import { getDb } from '@/server/db/client';
import { auditLog, cacheInvalidations, campaigns } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, campaigns: the write calls of spec 7 (POST/PUT/DELETE /api/campaigns) through the
 * app's route handlers on a real database — 401 without a session, 403 for a viewer, 200/201 for
 * an editor or an administrator (bearer or cookie), 404 for an unknown id, 400/422 with field
 * details for a bad body (never a 500), 409 for a stale version; the audit entries with the
 * fields before and after; the public list follows the dates; each write invalidates the
 * campaign tags, and the boundary job refreshes them when a campaign starts.
 */
jest.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Campaign {
  id: number;
  slug: string;
  title: string;
  version: number;
  starts_at: string | null;
  ends_at: string | null;
  featured: boolean;
  active: boolean;
  image: string | null;
  product_codes: string[];
}

let editor: Session;
let admin: Session;
let viewer: Session;

beforeAll(async () => {
  const imported = await importCatalogueFile(await getDb(), path.join(__dirname, '..', 'fixtures', 'catalogue-small.csv'));
  expect(imported.ok).toBe(true);
  editor = await signedInAccount({ email: 'editora.campanhas@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  admin = await signedInAccount({ email: 'admin.campanhas@example.pt', fullName: 'Ana Admin', role: 'admin', isAdmin: true, userType: 'particular' });
  viewer = await signedInAccount({ email: 'leitor.campanhas@example.pt', fullName: 'Leo Leitor', role: 'viewer', isAdmin: false, userType: 'particular' });
}, 120_000);

const create = (body: unknown, session: Session | null = editor, via: 'bearer' | 'cookie' = 'bearer') =>
  call<Envelope<Campaign>>(campaignsPost, 'POST', '/api/campaigns', { body, session, via });
const update = (id: number | string, body: unknown, session: Session | null = editor) =>
  call<Envelope<Campaign>>(campaignPut, 'PUT', `/api/campaigns/${id}`, { params: { id: String(id) }, body, session });
const remove = (id: number | string, session: Session | null = editor) =>
  call<Envelope<{ id: number }>>(campaignDelete, 'DELETE', `/api/campaigns/${id}`, { params: { id: String(id) }, session });
const publicList = async () => (await call<Envelope<{ slug: string }[]>>(listGet, 'GET', '/api/campaigns')).body.data.map((c) => c.slug);

const hour = 3600_000;

describe('POST /api/campaigns', () => {
  it('refuses without a session (401) and without manage_campaigns (403)', async () => {
    const anonymous = await create({ title: 'Sem sessão' }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    const asViewer = await create({ title: 'Leitor' }, viewer);
    expect(asViewer.status).toBe(403);
    expect(await getDb().then((db) => db.select().from(campaigns))).toHaveLength(0);
  });

  it('creates a campaign for an editor (bearer) and an administrator (cookie), with a slug from the title', async () => {
    const made = await create({ title: 'Promoção de Inverno — Caldeiras', description: 'Tudo para o aquecimento.', category: 'Aquecimento', product_codes: ['P100002', 'P100001'], featured: true });
    expect(made.status).toBe(201);
    expect(made.body.success).toBe(true);
    expect(made.body.data).toMatchObject({ slug: 'promocao-de-inverno-caldeiras', version: 1, featured: true, active: true, product_codes: ['P100002', 'P100001'] });

    const again = await create({ title: 'Promoção de Inverno — Caldeiras' }, admin, 'cookie');
    expect(again.status).toBe(201);
    expect(again.body.data.slug).toBe('promocao-de-inverno-caldeiras-2');

    const listed = await publicList();
    expect(listed).toEqual(expect.arrayContaining(['promocao-de-inverno-caldeiras', 'promocao-de-inverno-caldeiras-2']));
  });

  it('answers 400/422 with the field messages for bad bodies, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'title'],
      [{ title: '' }, 400, 'title'],
      [{ title: 42 }, 400, 'title'],
      [{ title: 'X', slug: 'Com Espaços!' }, 400, 'slug'],
      [{ title: 'X', starts_at: 'amanhã' }, 400, 'starts_at'],
      [{ title: 'X', starts_at: '2026-12-10T10:00', ends_at: '2026-12-01T10:00' }, 400, 'ends_at'],
      [{ title: 'X', image: 'javascript:alert(1)' }, 400, 'image'],
      [{ title: 'X', product_codes: 'P100001' }, 400, 'product_codes'],
      [{ title: 'X', active: 'sim' }, 400, 'active'],
      [{ title: 'X', product_codes: ['NAO-EXISTE'] }, 422, 'product_codes'],
      [{ title: 'X', slug: 'promocao-de-inverno-caldeiras' }, 422, 'slug'],
      [[1, 2], 400, '_'],
      ['texto', 400, '_'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await create(body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.body.success).toBe(false);
      expect(Object.keys(answer.body.error?.details ?? {})).toContain(field);
    }
    expect((await create({ title: 'X', ends_at: '2026-12-01T10:00', starts_at: '2026-12-10T10:00' })).body.error?.details?.ends_at).toEqual([
      'A data de fim não pode ser anterior à data de início.',
    ]);
    expect((await create({ title: 'X', product_codes: ['NAO-EXISTE'] })).body.error?.details?.product_codes).toEqual(['Produtos desconhecidos: NAO-EXISTE.']);
  });

  it('reads Lisbon wall-clock dates (winter and summer time) and ISO instants', async () => {
    const winter = await create({ title: 'Datas de inverno', starts_at: '2026-12-01T09:00', ends_at: '2026-12-31' });
    expect(winter.body.data.starts_at).toBe('2026-12-01T09:00:00.000Z');
    expect(winter.body.data.ends_at).toBe('2026-12-31T00:00:00.000Z');
    const summer = await create({ title: 'Datas de verão', starts_at: '2027-07-01T09:00', ends_at: '2027-07-02T10:00:00+02:00' });
    expect(summer.body.data.starts_at).toBe('2027-07-01T08:00:00.000Z');
    expect(summer.body.data.ends_at).toBe('2027-07-02T08:00:00.000Z');
  });
});

describe('PUT and DELETE /api/campaigns/{id}', () => {
  let id: number;
  let slug: string;

  beforeAll(async () => {
    const made = await create({ title: 'Campanha Piscinas', category: 'Piscinas', product_codes: ['P100003'] });
    id = made.body.data.id;
    slug = made.body.data.slug;
  });

  it('refuses without a session (401), to a viewer (403), and 404s an unknown or impossible id', async () => {
    expect((await update(id, { title: 'Nope' }, null)).status).toBe(401);
    expect((await update(id, { title: 'Nope' }, viewer)).status).toBe(403);
    expect((await remove(id, null)).status).toBe(401);
    expect((await remove(id, viewer)).status).toBe(403);
    expect((await update(999_999, { title: 'Nope' })).status).toBe(404);
    expect((await update('99999999999999', { title: 'Nope' })).status).toBe(404);
    expect((await update('abc', { title: 'Nope' })).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect((await remove('abc')).status).toBe(404);
  });

  it('changes only the fields sent, bumps the version and records the audit entry with before and after', async () => {
    const before = Date.now();
    const changed = await update(id, { title: 'Campanha Piscinas 2027', slug: 'piscinas-2027', product_codes: ['P100001', 'P100003'], version: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ title: 'Campanha Piscinas 2027', slug: 'piscinas-2027', version: 2, product_codes: ['P100001', 'P100003'] });
    expect((changed.body.data as unknown as { category: string }).category).toBe('Piscinas');

    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({
      actorEmail: 'editora.campanhas@example.pt',
      before: { title: 'Campanha Piscinas', slug: slug, product_codes: ['P100003'] },
      after: { title: 'Campanha Piscinas 2027', slug: 'piscinas-2027', product_codes: ['P100001', 'P100003'] },
    });
    const [created] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'create')));
    expect(created?.after).toMatchObject({ title: 'Campanha Piscinas', category: 'Piscinas' });

    // The old and the new slug's pages and every list were invalidated (shared log and this process).
    expect(lastInvalidated([cacheTags.campaign(slug)])).toBeGreaterThanOrEqual(before);
    expect(lastInvalidated([cacheTags.campaign('piscinas-2027')])).toBeGreaterThanOrEqual(before);
    expect(lastInvalidated([cacheTags.campaigns])).toBeGreaterThanOrEqual(before);
    const [logged] = await db.select().from(cacheInvalidations).where(eq(cacheInvalidations.reason, 'campaign-update'));
    expect(logged?.tags).toEqual(expect.arrayContaining(['campaigns', `campaign:${slug}`, 'campaign:piscinas-2027']));
    slug = 'piscinas-2027';
  });

  it('refuses a save over a newer version (409 Admin.stale with the current record)', async () => {
    const stale = await update(id, { title: 'Gravação antiga', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Este registo foi alterado por outra pessoa. Compare as diferenças e grave de novo.');
    expect(stale.body.data).toMatchObject({ stale: true, version: 2, current: { title: 'Campanha Piscinas 2027', slug: 'piscinas-2027' } });
    // Without a version the save goes through (spec 7 does not require it).
    expect((await update(id, { description: 'Cloro, bombas e filtros.' }, admin)).body.data.version).toBe(3);
  });

  it('answers 400 for bad bodies and for an end before the kept start', async () => {
    expect((await update(id, { starts_at: '2030-01-10T00:00' })).status).toBe(200);
    const bad = await update(id, { ends_at: '2030-01-01T00:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.ends_at).toEqual(['A data de fim não pode ser anterior à data de início.']);
    expect((await update(id, { version: 'x' })).status).toBe(400);
    expect((await update(id, { title: '' })).status).toBe(400);
    expect((await update(id, 'texto')).status).toBe(400);
  });

  it('deletes with an audit entry and the invalidation; a second delete is 404', async () => {
    const before = Date.now();
    const gone = await remove(id);
    expect(gone.status).toBe(200);
    expect(gone.body.success).toBe(true);
    expect((await remove(id)).status).toBe(404);
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'delete')));
    expect(entry?.before).toMatchObject({ title: 'Campanha Piscinas 2027' });
    expect(lastInvalidated([cacheTags.campaign(slug)])).toBeGreaterThanOrEqual(before);
    const answer = await call<Envelope>(campaignGet, 'GET', `/api/campaigns/${slug}`, { params: { id: slug } });
    expect(answer.status).toBe(404);
  });
});

describe('the public list follows the dates', () => {
  it('does not list a campaign starting tomorrow, lists it once its start has passed, and drops it after its end', async () => {
    const now = Date.now();
    const made = await create({ title: 'Começa amanhã', featured: true, starts_at: new Date(now + 24 * hour).toISOString(), ends_at: new Date(now + 48 * hour).toISOString() });
    const { slug } = made.body.data;
    expect(await publicList()).not.toContain(slug);
    expect((await listCurrentCampaigns({ featuredOnly: true })).map((c) => c.slug)).not.toContain(slug);
    expect((await call(campaignGet, 'GET', `/api/campaigns/${slug}`, { params: { id: slug } })).status).toBe(404);

    // Tomorrow, in its period; the day after its end, gone.
    expect((await listCurrentCampaigns({ now: new Date(now + 25 * hour) })).map((c) => c.slug)).toContain(slug);
    expect((await listCurrentCampaigns({ now: new Date(now + 25 * hour), featuredOnly: true })).map((c) => c.slug)).toContain(slug);
    expect((await listCurrentCampaigns({ now: new Date(now + 49 * hour) })).map((c) => c.slug)).not.toContain(slug);

    // Ending within the week (the dashboard's count), not within the day.
    expect(await countCampaignsEnding(7)).toBeGreaterThanOrEqual(1);
    expect(await countCampaignsEnding(7, new Date(now + 72 * hour))).toBe(0);

    // Its start moved to the past: listed now.
    expect((await update(made.body.data.id, { starts_at: new Date(now - hour).toISOString() })).status).toBe(200);
    expect(await publicList()).toContain(slug);
  });

  it('schedules a refresh of the campaign pages at each boundary, run by the job worker once due', async () => {
    const now = Date.now();
    const made = await create({ title: 'Arranca já', starts_at: new Date(now + 1500).toISOString(), ends_at: new Date(now + 30 * 24 * hour).toISOString() });
    const { slug, id } = made.body.data;
    const db = await getDb();
    const jobs = (await db.execute(sql`SELECT start_after FROM pgboss.job WHERE name = 'campaign-boundary' AND data->>'campaignId' = ${String(id)} ORDER BY start_after`)) as unknown as {
      rows: { start_after: string | Date }[];
    };
    expect(jobs.rows).toHaveLength(2);
    expect(new Date(jobs.rows[0]!.start_after).getTime()).toBeGreaterThanOrEqual(now + 1500);
    expect(await publicList()).not.toContain(slug);

    await new Promise((r) => setTimeout(r, 3000));
    const before = Date.now();
    await processDueJobs();
    expect(lastInvalidated([cacheTags.campaign(slug)])).toBeGreaterThanOrEqual(before);
    expect(lastInvalidated([cacheTags.campaigns])).toBeGreaterThanOrEqual(before);
    expect(await publicList()).toContain(slug);
  });
});
