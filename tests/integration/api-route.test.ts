/** @jest-environment node */
import { z } from 'zod';
import { resetEnvCache } from '@/lib/env';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { GET as campaign } from '@/app/api/campaigns/[id]/route';
import { POST as newsletter } from '@/app/api/newsletter/route';
import { GET as media } from '@/app/media/[kind]/[file]/route';
import { GET as usersAuth } from '@/app/api/users/auth/route';
import { AppError } from '@/server/errors';
import { apiRoute, isWrappedRoute, rawRoute, type RouteHandler } from '@/server/api/route';
import { createAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';
import { clientIpHeaders, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { captureLogs } from '@/server/log';

/**
 * The route wrapper (server/api/route.ts) on a real database with real sessions: sessions from
 * the cookie and from `Authorization: Bearer`, permissions, feature flags, zod validation, the
 * error envelope and the Cache-Control policy.
 */
setupTestDatabase();
behindTrustedFront();
const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';

const ACCOUNTS = {
  admin: { email: 'admin@example.pt', password: 'Admin-Password-2026', role: 'admin' as const, isAdmin: true },
  editor: { email: 'editor@example.pt', password: 'Editor-Password-2026', role: 'editor' as const, isAdmin: false },
  viewer: { email: 'leitor@example.pt', password: 'Leitor-Password-2026', role: 'viewer' as const, isAdmin: false },
};
type Who = keyof typeof ACCOUNTS;
const sessions = {} as Record<Who, { cookie: string; token: string }>;

let ip = 0;
async function signIn(who: Who) {
  const { email, password } = ACCOUNTS[who];
  const response = await authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders(`198.51.100.${++ip}`) },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cag.session_token='));
  const token = response.headers.get('set-auth-token');
  if (!cookie || !token) throw new Error('sem sessão');
  return { cookie: cookie.split(';')[0]!, token };
}

beforeAll(async () => {
  env.SITE_URL = SITE;
  resetEnvCache();
  const db = await getDb();
  for (const [who, a] of Object.entries(ACCOUNTS)) {
    await createAccount(db, { email: a.email, password: a.password, fullName: who, role: a.role, isAdmin: a.isAdmin, userType: 'particular' });
  }
  for (const who of Object.keys(ACCOUNTS) as Who[]) sessions[who] = await signIn(who);
});

afterAll(() => {
  delete env.SITE_URL;
  delete env.PRODUCTION_HOSTS;
  resetEnvCache();
});

interface Call {
  method?: string;
  as?: Who;
  via?: 'cookie' | 'bearer';
  headers?: Record<string, string>;
  body?: string;
  params?: Record<string, string>;
}

async function call(route: RouteHandler, path: string, init: Call = {}) {
  const headers = new Headers(init.headers);
  if (init.as) {
    const session = sessions[init.as];
    if (init.via === 'bearer') headers.set('authorization', `Bearer ${session.token}`);
    else headers.set('cookie', session.cookie);
  }
  const response = await route(new Request(`${SITE}${path}`, { method: init.method ?? 'GET', headers, body: init.body }), {
    params: Promise.resolve(init.params ?? {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body, text };
}

const whoAmI = ({ viewer }: { viewer: { email: string } | null }) => Promise.resolve({ data: viewer ? viewer.email : null });

describe('sessions', () => {
  const open = apiRoute({ cache: { maxAge: 60, staleWhileRevalidate: 300 } }, whoAmI);
  const optional = apiRoute({ auth: 'optional', cache: { maxAge: 60 } }, whoAmI);
  const required = apiRoute({ auth: 'required' }, whoAmI);

  it('auth none: the session is not read and the public policy applies', async () => {
    const r = await call(open, '/t', { as: 'viewer' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: null });
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('auth optional: a guest, the cookie and the bearer token; always private, no-store', async () => {
    const guest = await call(optional, '/t');
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ success: true, data: null });
    expect(guest.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(optional, '/t', { as: 'viewer' })).body).toMatchObject({ data: ACCOUNTS.viewer.email });
    const bearer = await call(optional, '/t', { as: 'editor', via: 'bearer' });
    expect(bearer.body).toMatchObject({ data: ACCOUNTS.editor.email });
    expect(bearer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a bearer token that names no session is 401; an Authorization header that is not Bearer is 400', async () => {
    const stale = await call(optional, '/t', { headers: { authorization: 'Bearer nao-e-um-token' } });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    const odd = await call(optional, '/t', { headers: { authorization: 'Token abc' } });
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ error: { code: 'bad_request', message: 'Cabeçalho Authorization inválido: use «Bearer <token>».' } });
  });

  it('auth required: 401 without a session, 200 with the cookie or the bearer token', async () => {
    const anonymous = await call(required, '/t');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      success: false,
      message: 'Sessão necessária. Inicie sessão para continuar.',
      error: { code: 'unauthorized', message: 'Sessão necessária. Inicie sessão para continuar.' },
    });
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(required, '/t', { as: 'viewer' })).body).toMatchObject({ data: ACCOUNTS.viewer.email });
    expect((await call(required, '/t', { as: 'viewer', via: 'bearer' })).body).toMatchObject({ data: ACCOUNTS.viewer.email });
  });
});

describe('permissions and the admin flag', () => {
  const campaigns = apiRoute({ auth: 'required', permission: 'manage_campaigns' }, whoAmI);
  const adminOnly = apiRoute({ auth: 'required', admin: true }, whoAmI);

  it('a missing permission is 403 Access Denied; the role that has it and admins pass', async () => {
    const denied = await call(campaigns, '/t', { as: 'viewer', via: 'bearer' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      success: false,
      message: 'Acesso negado: não tem permissão para aceder a este recurso.',
      error: { code: 'forbidden' },
    });
    expect((await call(campaigns, '/t', { as: 'editor' })).status).toBe(200);
    expect((await call(campaigns, '/t', { as: 'admin' })).status).toBe(200);
    expect((await call(campaigns, '/t')).status).toBe(401);
  });

  it('the admin flag: 403 Admin only for everyone else', async () => {
    const editor = await call(adminOnly, '/t', { as: 'editor' });
    expect(editor.status).toBe(403);
    expect(editor.body).toMatchObject({ message: 'Acesso reservado a administradores.' });
    expect((await call(adminOnly, '/t', { as: 'admin', via: 'bearer' })).status).toBe(200);
  });

  it('GET /api/users/auth: 401, 403, then the accounts for an administrator, without secrets', async () => {
    expect((await call(usersAuth, '/api/users/auth')).status).toBe(401);
    expect((await call(usersAuth, '/api/users/auth', { as: 'editor', via: 'bearer' })).status).toBe(403);
    const admin = await call(usersAuth, '/api/users/auth', { as: 'admin', via: 'bearer' });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    const data = admin.body?.data as Record<string, unknown>[];
    expect(data.map((u) => u.email).sort()).toEqual(Object.values(ACCOUNTS).map((a) => a.email).sort());
    expect(Object.keys(data[0]!).sort()).toEqual(
      ['account_name', 'created_at', 'email', 'email_confirmed', 'id', 'isAdmin', 'name', 'role', 'user_type'].sort(),
    );
    expect(admin.text).not.toMatch(/password|token|secret/i);
  });
});

describe('feature flags', () => {
  const checkout = apiRoute({ flag: 'ENABLE_CHECKOUT' }, whoAmI);

  it('off on a production host (403 feature_off), on elsewhere; administrators pass', async () => {
    env.PRODUCTION_HOSTS = 'loja.example.pt';
    env.FULL_FEATURE_HOSTS = 'staging.loja.example.pt';
    resetEnvCache();
    try {
      const production = { 'x-forwarded-host': 'loja.example.pt' };
      const off = await call(checkout, '/t', { headers: production });
      expect(off.status).toBe(403);
      expect(off.body).toMatchObject({ error: { code: 'feature_off', message: 'Esta funcionalidade não está disponível neste site.' } });
      expect((await call(checkout, '/t', { headers: production, as: 'editor' })).status).toBe(403);
      const admin = await call(checkout, '/t', { headers: production, as: 'admin', via: 'bearer' });
      expect(admin.status).toBe(200);
      expect(admin.headers.get('cache-control')).toBe('private, no-store');
      expect((await call(checkout, '/t', { headers: { host: 'staging.loja.example.pt' } })).status).toBe(200);
      // A host nobody configured (sent straight to the origin) gets the production flags.
      expect((await call(checkout, '/t', { headers: { host: '10.0.0.7:3000' } })).status).toBe(403);
    } finally {
      delete env.PRODUCTION_HOSTS;
      delete env.FULL_FEATURE_HOSTS;
      resetEnvCache();
    }
  });
});

describe('validation', () => {
  const params = z.object({ id: z.string().regex(/^\d+$/, 'Identificador inválido.') });
  const query = z.object({ n: z.coerce.number().int().max(5, 'No máximo 5.').optional() });
  const body = z.object({ name: z.string().min(1, 'Indique o nome.'), kind: z.enum(['a', 'b']) });
  const echo = apiRoute({ params, query, body }, async (ctx) => ({ data: { id: ctx.params.id, n: ctx.query.n ?? null, name: ctx.body.name } }));
  const post = (path: string, json: string, id = '7') => call(echo, path, { method: 'POST', body: json, params: { id }, headers: { 'content-type': 'application/json' } });

  it('passes the parsed params, query and body to the handler', async () => {
    const ok = await post('/t?n=3', JSON.stringify({ name: 'Ana', kind: 'a' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, data: { id: '7', n: 3, name: 'Ana' } });
    expect(ok.headers.get('cache-control')).toBe('private, no-store'); // the default policy
  });

  it('answers 400 with field details for params, query and body (first message on top)', async () => {
    const bad = await post('/t?n=9', JSON.stringify({ name: '', kind: 'z' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      message: 'No máximo 5.',
      error: { code: 'bad_request', message: 'No máximo 5.', details: { n: ['No máximo 5.'] } },
    });
    const fields = await post('/t', JSON.stringify({ name: '', kind: 'z' }));
    expect(fields.body).toMatchObject({
      message: 'Indique o nome.',
      error: { details: { name: ['Indique o nome.'], kind: ['Valor inválido.'] } },
    });
    const id = await post('/t', JSON.stringify({ name: 'Ana', kind: 'a' }), 'abc');
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({ error: { details: { id: ['Identificador inválido.'] } } });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    for (const text of ['{name:', '', 'null']) {
      const r = await post('/t', text);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { code: 'bad_request' } });
    }
    expect((await post('/t', '{name:')).body).toMatchObject({ message: 'O pedido tem de ser um objeto JSON.' });
  });
});

describe('bodies: size and type (bad input is never a 500)', () => {
  const body = z.object({ name: z.string({ error: 'Indique o nome.' }) });
  const echo = apiRoute({ body }, async (ctx) => ({ data: ctx.body.name }));
  const small = apiRoute({ body, bodyLimit: 100 }, async (ctx) => ({ data: ctx.body.name }));
  const raw = rawRoute({}, async ({ request }) => new Response(`${(await request.text()).length} bytes`));
  const json = (text: string, extra: Record<string, string> = {}) => ({ method: 'POST', body: text, headers: { 'content-type': 'application/json', ...extra } });

  /** A body sent in pieces, without Content-Length (chunked), as a client may. */
  function chunked(route: RouteHandler, bytes: number, type = 'application/json') {
    const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        const next = piece.subarray(0, Math.min(piece.byteLength, bytes - sent));
        sent += next.byteLength;
        controller.enqueue(next);
      },
    });
    const init = { method: 'POST', headers: { 'content-type': type }, body: stream, duplex: 'half' } as RequestInit;
    return route(new Request(`${SITE}/t`, init));
  }

  it('a body over 1 MB is a 413 with the envelope: declared, sent without a length, or in a real route', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1_200_000) });
    const declared = await call(echo, '/t', json(big, { 'content-length': String(Buffer.byteLength(big)) }));
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({
      success: false,
      message: 'O pedido é demasiado grande (máximo 1 MB).',
      error: { code: 'payload_too_large', message: 'O pedido é demasiado grande (máximo 1 MB).' },
    });
    expect(declared.headers.get('cache-control')).toBe('private, no-store');
    const streamed = await chunked(echo, 1_300_000);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ success: false, error: { code: 'payload_too_large' } });
    // Raw handlers (better-auth's among them) get the same limit before reading anything.
    expect((await chunked(raw, 2_000_000, 'text/plain')).status).toBe(413);
    expect(await (await chunked(raw, 300_000, 'text/plain')).text()).toBe('300000 bytes');
    const subscribe = await newsletter(new Request(`${SITE}/api/newsletter`, json(JSON.stringify({ email: 'a@example.pt', honeypot: 'x'.repeat(1_100_000) }))));
    expect(subscribe.status).toBe(413);
  });

  it('a route can set its own limit (bodyLimit), up to which bodies pass', async () => {
    const at = JSON.stringify({ name: 'x'.repeat(100 - 11) });
    expect(Buffer.byteLength(at)).toBe(100);
    expect((await call(small, '/t', json(at))).status).toBe(200);
    const over = await call(small, '/t', json(JSON.stringify({ name: 'x'.repeat(90) })));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ message: 'O pedido é demasiado grande (máximo 1 kB).' });
  });

  it('a JSON body sent as another type (text, form, multipart, none) is a 415; JSON types with parameters pass', async () => {
    const text = JSON.stringify({ name: 'Ana' });
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonp', null]) {
      const r = await call(echo, '/t', { method: 'POST', body: text, headers: type ? { 'content-type': type } : {} });
      expect([type, r.status]).toEqual([type, 415]);
      expect(r.body).toEqual({
        success: false,
        message: 'O corpo do pedido tem de ser JSON (Content-Type: application/json).',
        error: { code: 'unsupported_media_type', message: 'O corpo do pedido tem de ser JSON (Content-Type: application/json).' },
      });
    }
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      expect((await call(echo, '/t', { method: 'POST', body: text, headers: { 'content-type': type } })).body).toEqual({ success: true, data: 'Ana' });
    }
    const form = await newsletter(new Request(`${SITE}/api/newsletter`, { method: 'POST', body: 'email=a%40example.pt', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(form.status).toBe(415);
  });

  it('arrays where strings are expected (repeated query parameters, JSON arrays) are a 400 with the field', async () => {
    const query = z.object({ q: z.string({ error: 'Pesquisa inválida.' }).optional() });
    const search = apiRoute({ query }, async (ctx) => ({ data: ctx.query.q ?? null }));
    const repeated = await call(search, '/t?q=a&q=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body).toMatchObject({ error: { code: 'bad_request', details: { q: ['Pesquisa inválida.'] } } });
    expect((await call(search, '/t?q=a')).body).toEqual({ success: true, data: 'a' });
    const array = await call(echo, '/t', json(JSON.stringify({ name: ['a', 'b'] })));
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ error: { details: { name: ['Indique o nome.'] } } });
    const subscribe = await newsletter(new Request(`${SITE}/api/newsletter`, json(JSON.stringify({ email: ['a@example.pt', 'b@example.pt'] }))));
    expect(subscribe.status).toBe(400);
  });
});

describe('errors and raw answers', () => {
  it('maps AppError codes to statuses', async () => {
    const conflict = apiRoute({}, () => Promise.reject(new AppError({ code: 'conflict', key: 'Orders.idempotencyConflict' })));
    const r = await call(conflict, '/t');
    expect(r.status).toBe(409);
    const text = 'Esta chave de idempotência já foi usada com outro pedido. Use uma chave nova para uma nova encomenda.';
    expect(r.body).toEqual({ success: false, message: text, error: { code: 'conflict', message: text } });
  });

  it('texts travel as keys: the wrapper translates a success message, a refinement with its values, field keys with the error values', async () => {
    const done = apiRoute({}, async () => ({ data: 1, message: { key: 'Quotes.requested', values: { number: 'ORC-2026-00001' } } }));
    expect((await call(done, '/t')).body).toEqual({ success: true, data: 1, message: 'Pedido de orçamento ORC-2026-00001 registado.' });

    const limited = apiRoute(
      { query: z.object({ n: z.coerce.number().refine((n) => n < 3, { message: 'CartApi.tooManyCodes', params: { max: 2 } }) }) },
      async () => ({ data: null }),
    );
    const tooMany = await call(limited, '/t?n=5');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: 'No máximo 2 códigos por pedido.', error: { code: 'bad_request', details: { n: ['No máximo 2 códigos por pedido.'] } } });

    const mismatch = apiRoute({}, () =>
      Promise.reject(new AppError({ code: 'unprocessable', key: 'Payments.callbackMismatch', values: { field: 'entity' }, fieldErrors: { entity: ['Payments.callbackMismatch'] } })),
    );
    const refused = await call(mismatch, '/t');
    const text = 'Os dados do pagamento não correspondem à encomenda (entity). Nada foi alterado.';
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: text, error: { code: 'unprocessable', message: text, details: { entity: [text] } } });
  });

  it('answers an unknown error as a bare 500 and logs it with the request id', async () => {
    const boom = apiRoute({}, async () => {
      throw new Error('segredo interno em /srv/app/server/x.ts:12');
    });
    const logs = captureLogs();
    try {
      const r = await call(boom, '/t', { headers: { 'x-request-id': 'pedido-teste-0001' } });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({
        success: false,
        message: 'Erro interno do servidor. Por favor, tente novamente mais tarde.',
        error: { code: 'internal_error', message: 'Erro interno do servidor. Por favor, tente novamente mais tarde.' },
      });
      expect(r.text).not.toMatch(/segredo|\.ts|at /);
      expect(r.headers.get('x-request-id')).toBe('pedido-teste-0001');
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      const errors = logs.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ requestId: 'pedido-teste-0001', err: { message: expect.stringContaining('segredo interno') } });
      // A request id that is not well formed is replaced.
      const other = await call(boom, '/t', { headers: { 'x-request-id': 'x y' } });
      expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      logs.restore();
    }
  });

  it('raw answers keep their body and type, take the policy, and use the same errors (404 for unknown params)', async () => {
    const file = rawRoute(
      { params: z.object({ name: z.string().regex(/^[a-z]+\.txt$/) }), cache: { maxAge: 31_536_000, immutable: true } },
      ({ params: { name } }) => {
        if (name === 'falta.txt') throw new AppError({ code: 'not_found', key: 'Api.fileNotFound' });
        return new Response(`olá ${name}`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      },
    );
    const ok = await call(file, '/f/a.txt', { params: { name: 'a.txt' } });
    expect(ok.text).toBe('olá a.txt');
    expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(ok.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const unknown = await call(file, '/f/A.PNG', { params: { name: 'A.PNG' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'not_found' } });
    const missing = await call(file, '/f/falta.txt', { params: { name: 'falta.txt' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Ficheiro não encontrado.' });
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
    expect(isWrappedRoute(file)).toBe(true);
  });

  it('generated images: unknown or impossible names are 404, bad sizes 400, never 500', async () => {
    const image = (kind: string, file: string, qs = '') => call(media, `/media/${kind}/${file}${qs}`, { params: { kind, file } });
    const svg = await image('chapters', '10.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect((await image('chapters', '99999999999.png')).status).toBe(404);
    expect((await image('chapters', '999.svg')).status).toBe(404);
    expect((await image('families', '1-2-3.webp')).status).toBe(404);
    expect((await image('nada', '10.svg')).status).toBe(404);
    expect((await image('chapters', '10.webp', '?w=5000')).status).toBe(400);
    expect((await image('chapters', '10.webp', '?w=5000')).body).toMatchObject({ error: { code: 'bad_request', details: { w: expect.any(Array) } } });
  });

  it('campaign ids: malformed 400, unknown 404', async () => {
    expect((await call(campaign, '/api/campaigns/NAO_VALIDO', { params: { id: 'NAO_VALIDO' } })).status).toBe(400);
    const unknown = await call(campaign, '/api/campaigns/999999', { params: { id: '999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Campanha não encontrada.' });
  });
});
