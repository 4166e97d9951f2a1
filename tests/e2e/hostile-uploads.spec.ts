import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hostileCorpus, type HostileCategory, type HostileFile } from '../../scripts/hostile-corpus.mjs';
import { discoverCatalogue, send, type FuzzResponse } from '../../scripts/fuzz-support.mjs';
import { DEMO } from './support/accounts';
import { ActionThrew, actionParts, actionResult, findWorkerPid, postMultipart, ptText, serverActionId, signInCookie, watchMemory, type MemoryFigures, type Part } from './support/hostile';

/**
 * Hostile uploads (scripts/hostile-corpus.mjs: zip bomb, a row numbered 200,000,000, 16,384
 * columns, deep nesting, billion laughs, a truncated zip, a .xlsm named .xlsx, a 10-million-
 * character line, a million empty lines, other encodings, 10,000 pages, giant page boxes, a PNG
 * that decodes to 50,000 × 50,000, a JPEG named .png, an SVG with a script, 0 bytes, 60 MB)
 * posted to every upload of the shop, route handlers and server actions alike, against the
 * production server. For every endpoint × file:
 * - never an answer ≥ 500 and never no answer: a refusal is a 4xx with a message (JSON
 *   `message`), or for a server action a refusal carrying a message key with a pt-PT text;
 * - a hostile file is refused, except where the endpoint may take it (a JPEG named .png is an
 *   image; a 10,000-page PDF is a PDF); a file in another encoding is read correctly or refused,
 *   never misread; the controls are accepted where they belong;
 * - the server worker's resident memory (scripts/serve.mjs, found by its PORT or
 *   ${DATA_DIR}/worker.pid) grows by less than 200 MB during the request, its child processes
 *   included;
 * - `GET /api/health` answers 200 within 1 s right after.
 * Every answer goes to test-results/hostile-uploads.json (the matrix) and the list reporter.
 * HOSTILE_ENDPOINTS=quick-order-guest,avatar and HOSTILE_FILES=zip-bomb.xlsx narrow a run.
 */

const MAX_GROWTH_MB = 200;
const HEALTH_MS = 1_000;
const REQUEST_TIMEOUT_MS = 20_000;
const PORT = Number(process.env.E2E_PORT ?? 3100);
const FAKE_CART = 'AAAAAAAAAAAAAAAAAAAAAA';
const MATRIX = path.join(__dirname, '..', '..', 'test-results', 'hostile-uploads.json');
/** Written when the server stops answering: the cases after it fail at once instead of waiting (Playwright empties test-results at each run). */
const DOWN = path.join(__dirname, '..', '..', 'test-results', 'hostile-uploads.down');
const SESSIONS = path.join(__dirname, '..', '..', 'test-results', 'hostile-uploads.sessions.json');
const onlyEndpoints = (process.env.HOSTILE_ENDPOINTS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const onlyFiles = (process.env.HOSTILE_FILES ?? '').split(',').map((s) => s.trim()).filter(Boolean);

type Who = 'anon' | 'admin' | 'customer';

interface Answer {
  /** HTTP status (0: no answer). */
  status: number;
  accepted: boolean;
  refused: boolean;
  /** The refusal's message (pt-PT text), or null. */
  message: string | null;
  /** The answer's text, for the misread checks and the report. */
  text: string;
  /** What the refusal adds to its message: a route's line report, an action's field messages. */
  details?: string[];
  error?: string;
  cleanup?: () => Promise<void>;
}

interface Context {
  base: string;
  cookies: Record<Who, string>;
  guestCart: string;
  brandId: number;
}

interface Endpoint {
  id: string;
  label: string;
  category: Exclude<HostileCategory, 'other'>;
  /** The reader an encoding file of this purpose is meant for. */
  purpose?: 'quick-order' | 'catalogue';
  who: Who;
  /** What a control of the endpoint's category gets: accepted, refused (e.g. no such cart, not a catalogue) or either. */
  control: 'accept' | 'refuse' | 'any';
  /** Everything refused whatever the file (a cart that does not exist). */
  refusesAll?: boolean;
  /** The file is optional here: an empty one is no file (a browser sends one when none is chosen), so the form may go through. */
  fileOptional?: boolean;
  /** Files not sent here, with why. */
  skip?: (f: HostileFile) => string | null;
  call: (c: Context, f: HostileFile, data: Buffer) => Promise<Answer>;
}

// ---------------------------------------------------------------------------------------------
// Answers.

function jsonOf(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A route handler's answer: 2xx accepted, 4xx refused with the envelope's `message`. */
function apiAnswer(r: FuzzResponse): Answer {
  const text = r.body.toString('utf8');
  const json = jsonOf(text);
  const error = json?.error as { message?: unknown } | undefined;
  const message = typeof json?.message === 'string' && json.message.trim() ? json.message : typeof error?.message === 'string' && error.message.trim() ? error.message : null;
  return { status: r.status, accepted: r.status >= 200 && r.status < 300, refused: r.status >= 400 && r.status < 500, message, details: detailsOf(text), text };
}

/**
 * A server action's answer: its ActionResult. `{ ok: false, error: { message: key } }` is a
 * refusal whose message is the key's pt-PT text; `{ ok: true, data: { ok: false, errors } }` (the
 * price-rule import's line report) is a refusal too. Next's own refusals (a 413 over the body
 * limit…) are 4xx without an ActionResult.
 */
function actionAnswer(r: FuzzResponse): Answer {
  const text = r.body.toString('utf8');
  const type = String(r.headers['content-type'] ?? '');
  if (!type.includes('text/x-component')) {
    const json = jsonOf(text);
    const message = typeof json?.message === 'string' ? json.message : text.trim() && text.length < 500 && !/<html/i.test(text) ? text.trim() : null;
    return { status: r.status, accepted: false, refused: r.status >= 400 && r.status < 500, message, text };
  }
  const answered = actionResult(text);
  // The action threw (Next answers its RSC error row, status 200 or 500): a server error.
  if (answered instanceof ActionThrew) return { status: r.status >= 500 ? r.status : 500, accepted: false, refused: false, message: null, text, error: `a ação lançou um erro (${answered.row.slice(0, 80)}; HTTP ${r.status})` };
  const result = answered as { ok?: boolean; data?: { ok?: boolean; errors?: unknown[] }; error?: { message?: string; values?: Record<string, unknown>; fieldErrors?: Record<string, string[]> } } | undefined;
  if (r.status >= 300) return { status: r.status, accepted: false, refused: r.status < 500, message: null, text };
  if (result?.ok === true) {
    if (result.data && result.data.ok === false) {
      const errors = (result.data.errors ?? []).filter((e): e is string => typeof e === 'string');
      return { status: r.status, accepted: false, refused: true, message: errors.length ? errors.slice(0, 3).join(' | ') : null, text };
    }
    return { status: r.status, accepted: true, refused: false, message: null, text };
  }
  if (result?.ok === false) {
    const key = result.error?.message ?? '';
    const pt = ptText(key, result.error?.values);
    // The field messages the form shows beside the file input.
    const fields = Object.entries(result.error?.fieldErrors ?? {}).map(([field, keys]) => `${field}: ${keys.map((k) => ptText(k, result.error?.values) ?? k).join(' ')}`);
    return { status: r.status, accepted: false, refused: true, message: pt ? `${pt} [${key}]` : null, details: fields.length ? fields : undefined, text };
  }
  return { status: r.status, accepted: false, refused: false, message: null, text };
}

async function post(c: Context, who: Who, pathName: string, parts: Part[], headers: Record<string, string> = {}): Promise<FuzzResponse> {
  return postMultipart(c.base, pathName, parts, { ...(c.cookies[who] ? { cookie: c.cookies[who] } : {}), ...headers }, REQUEST_TIMEOUT_MS);
}

const filePart = (name: string, f: HostileFile, data: Buffer): Part => ({ name, filename: f.name, type: f.type, data });

/** A server action of `module#exported`, posted to `page` as React's client does. */
function action(module: string, exported: string, page: string, who: Who, fields: (f: HostileFile, data: Buffer) => Part[]): Endpoint['call'] {
  let id: string | null = null;
  return async (c, f, data) => {
    id ??= serverActionId(module, exported);
    const r = await post(c, who, page, actionParts(fields(f, data)), { 'next-action': id, accept: 'text/x-component' });
    return actionAnswer(r);
  };
}

/** A supplier catalogue created by an accepted file is deleted again. */
function supplierCleanup(c: Context, answer: Answer): Answer {
  const data = jsonOf(answer.text)?.data as { id?: number; version?: number } | undefined;
  if (answer.accepted && data?.id) {
    answer.cleanup = async () => {
      await send(c.base, { method: 'DELETE', path: `/api/admin/supplier-catalogues/${data.id}?version=${data.version ?? 1}`, headers: { cookie: c.cookies.admin, origin: c.base } });
    };
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Every upload of the shop (grep formData(), fileBytes(, storeImageUpload, storePdfUpload,
// readXlsxBuffer, validateRulesFile). The ones most likely to end the process run last, so that
// one crash does not hide every other answer.

const ENDPOINTS: Endpoint[] = [
  {
    id: 'catalogue-preview',
    label: 'POST /api/admin/catalogue/preview (file)',
    category: 'table',
    purpose: 'catalogue',
    who: 'admin',
    control: 'refuse', // the quick-order controls are not catalogues: the line report (422)
    call: async (c, f, data) => apiAnswer(await post(c, 'admin', '/api/admin/catalogue/preview', [filePart('file', f, data)])),
  },
  {
    id: 'catalogue-import',
    label: 'POST /api/admin/catalogue (file: importação direta)',
    category: 'table',
    who: 'admin',
    control: 'refuse',
    // A file this endpoint accepts is imported into the shared e2e catalogue: only files that must be refused.
    skip: (f) => (f.kind === 'hostile' ? null : 'um ficheiro aceite seria importado no catálogo partilhado pelos outros testes'),
    call: async (c, f, data) => apiAnswer(await post(c, 'admin', '/api/admin/catalogue', [filePart('file', f, data)])),
  },
  {
    id: 'erp-preview',
    label: 'POST /api/admin/erp/preview (file)',
    category: 'table',
    who: 'admin',
    control: 'refuse', // not a PHC prices/clients file
    call: async (c, f, data) => apiAnswer(await post(c, 'admin', '/api/admin/erp/preview', [filePart('file', f, data)])),
  },
  {
    id: 'supplier-catalogue-pdf',
    label: 'POST /api/admin/supplier-catalogues (pdf)',
    category: 'pdf',
    who: 'admin',
    control: 'accept',
    call: async (c, f, data) =>
      supplierCleanup(
        c,
        apiAnswer(
          await post(c, 'admin', '/api/admin/supplier-catalogues', [
            { name: 'brandId', value: String(c.brandId) },
            { name: 'title', value: `Hostil ${f.name}` },
            { name: 'year', value: '2026' },
            { name: 'source', value: 'upload' },
            { name: 'externalUrl', value: '' },
            { name: 'active', value: 'false' },
            filePart('pdf', f, data),
          ]),
        ),
      ),
  },
  {
    id: 'supplier-catalogue-cover',
    label: 'POST /api/admin/supplier-catalogues (cover, ligação)',
    category: 'image',
    who: 'admin',
    control: 'accept',
    fileOptional: true,
    call: async (c, f, data) =>
      supplierCleanup(
        c,
        apiAnswer(
          await post(c, 'admin', '/api/admin/supplier-catalogues', [
            { name: 'brandId', value: String(c.brandId) },
            { name: 'title', value: `Hostil ${f.name}` },
            { name: 'year', value: '2026' },
            { name: 'source', value: 'link' },
            { name: 'externalUrl', value: 'https://example.com/catalogo.pdf' },
            { name: 'active', value: 'false' },
            filePart('cover', f, data),
          ]),
        ),
      ),
  },
  {
    id: 'price-rules-import',
    label: 'ação importPriceRulesAction (/admin/pro-accounts/import, pré-visualização)',
    category: 'table',
    who: 'admin',
    control: 'refuse', // not a rules file: the line report
    call: action('server/people/actions.ts', 'importPriceRulesAction', '/admin/pro-accounts/import', 'admin', (f, data) => [filePart('file', f, data), { name: 'apply', value: 'false' }]),
  },
  {
    id: 'product-image',
    label: 'ação uploadProductImageAction (/admin/products/new)',
    category: 'image',
    who: 'admin',
    control: 'accept',
    call: action('server/admin/product-actions.ts', 'uploadProductImageAction', '/admin/products/new', 'admin', (f, data) => [filePart('image', f, data)]),
  },
  {
    id: 'campaign-image',
    label: 'ação uploadCampaignImageAction (/admin/campaigns/new)',
    category: 'image',
    who: 'admin',
    control: 'accept',
    call: action('server/campaigns/actions.ts', 'uploadCampaignImageAction', '/admin/campaigns/new', 'admin', (f, data) => [filePart('file', f, data)]),
  },
  {
    id: 'brand-logo',
    label: 'ação uploadBrandLogoAction (/admin/brands/new)',
    category: 'image',
    who: 'admin',
    control: 'accept',
    call: action('server/brands/actions.ts', 'uploadBrandLogoAction', '/admin/brands/new', 'admin', (f, data) => [filePart('file', f, data)]),
  },
  {
    id: 'sheet-drawing',
    label: 'ação uploadTechnicalSheetFileAction kind=drawing (/admin/ficha-tecnica)',
    category: 'image',
    who: 'admin',
    control: 'accept',
    call: action('server/technical-sheets/actions.ts', 'uploadTechnicalSheetFileAction', '/admin/ficha-tecnica', 'admin', (f, data) => [{ name: 'kind', value: 'drawing' }, filePart('file', f, data)]),
  },
  {
    id: 'sheet-pdf',
    label: 'ação uploadTechnicalSheetFileAction kind=pdf (/admin/ficha-tecnica)',
    category: 'pdf',
    who: 'admin',
    control: 'accept',
    call: action('server/technical-sheets/actions.ts', 'uploadTechnicalSheetFileAction', '/admin/ficha-tecnica', 'admin', (f, data) => [{ name: 'kind', value: 'pdf' }, filePart('file', f, data)]),
  },
  {
    id: 'avatar',
    label: 'ação uploadAvatarAction (/dashboard/profile, cliente)',
    category: 'image',
    who: 'customer',
    control: 'accept',
    call: async (c, f, data) => {
      const answer = await action('server/account/actions.ts', 'uploadAvatarAction', '/dashboard/profile', 'customer', (file, bytes) => [filePart('avatar', file, bytes)])(c, f, data);
      if (answer.accepted) {
        answer.cleanup = async () => {
          const id = serverActionId('server/account/actions.ts', 'removeAvatarAction');
          await send(c.base, { method: 'POST', path: '/dashboard/profile', headers: { 'next-action': id, accept: 'text/x-component', origin: c.base, cookie: c.cookies.customer, 'content-type': 'text/plain;charset=UTF-8' }, body: '[]' });
        };
      }
      return answer;
    },
  },
  {
    id: 'quick-order-guest',
    label: 'POST /api/cart/{carrinho de visitante}/quick-order (file)',
    category: 'table',
    purpose: 'quick-order',
    who: 'anon',
    control: 'accept',
    call: async (c, f, data) => apiAnswer(await post(c, 'anon', `/api/cart/${c.guestCart}/quick-order`, [filePart('file', f, data)])),
  },
  {
    id: 'quick-order-anonymous',
    label: `POST /api/cart/${FAKE_CART}/quick-order (file, anónimo, carrinho inexistente)`,
    category: 'table',
    who: 'anon',
    control: 'refuse',
    refusesAll: true,
    call: async (c, f, data) => apiAnswer(await post(c, 'anon', `/api/cart/${FAKE_CART}/quick-order`, [filePart('file', f, data)])),
  },
];

// ---------------------------------------------------------------------------------------------
// What each file must get at each endpoint.

type Expectation = 'refuse' | 'accept' | 'any' | 'read-or-refuse';

/** Texts that say nothing of the file: a refusal needs more (its line report, its field message). */
const GENERIC = new Set(['Errors.badRequest', 'Errors.generic', 'Errors.notFound'].map((k) => ptText(k)).filter((t): t is string => !!t));

function expectation(e: Endpoint, f: HostileFile): Expectation {
  if (e.refusesAll) return 'refuse';
  if (f.bytes === 0 && e.fileOptional) return 'any';
  if (f.kind === 'control') {
    if (f.category !== e.category) return 'refuse';
    // A control written for one reader (a catalogue) is accepted there, and elsewhere may be refused.
    if (f.purpose) return f.purpose === e.purpose ? 'accept' : 'any';
    return e.control;
  }
  if (f.kind === 'encoding') {
    if (e.category !== 'table') return 'refuse';
    return f.purpose === e.purpose ? 'read-or-refuse' : 'any';
  }
  return f.mayAccept.includes(e.category) ? 'any' : 'refuse';
}

/** Mojibake or replacement characters where the file had accents. */
function misread(f: HostileFile, text: string): string | null {
  if (text.includes('\ufffd')) return 'o texto tem U+FFFD (bytes lidos como UTF-8 que não o eram)';
  if (/Ã[\u0080-\u00bf]|Â«|Â»/.test(text)) return 'o texto tem mojibake (Ã…)';
  if (text.includes('\\u0000') || text.includes('\u0000')) return 'o texto tem NUL (UTF-16 lido como UTF-8)';
  if (f.expectText && !text.includes(f.expectText)) return `a resposta não mostra «${f.expectText}»`;
  if (f.purpose === 'quick-order') {
    // Header skipped, the demo model added, only the unknown code (line 3) refused.
    const data = jsonOf(text)?.data as { added?: number; problems?: { line: number }[] } | undefined;
    const lines = (data?.problems ?? []).map((p) => p.line);
    if (data?.added !== 1 || lines.join() !== '3') return `added ${data?.added}, problemas nas linhas [${lines.join(', ')}] (esperado: 1 adicionada, problema só na linha 3)`;
  }
  return null;
}

interface Row {
  endpoint: string;
  file: string;
  kind: HostileFile['kind'];
  expected: Expectation;
  status: number;
  outcome: 'aceite' | 'recusado' | 'sem resposta' | 'erro' | 'ignorado' | 'servidor em baixo';
  message: string | null;
  /** The first lines of a refusal's report (JSON `details.rows`, `data.issues`). */
  details?: string[];
  error?: string;
  ms: number;
  memory?: MemoryFigures;
  healthMs?: number;
  healthStatus?: number;
  problems: string[];
  skipped?: string;
}

function record(rows: Row[]) {
  fs.mkdirSync(path.dirname(MATRIX), { recursive: true });
  let all: Row[] = [];
  try {
    all = JSON.parse(fs.readFileSync(MATRIX, 'utf8')) as Row[];
  } catch {
    // first endpoint of the run
  }
  const done = new Set(rows.map((r) => `${r.endpoint}|${r.file}`));
  all = all.filter((r) => !done.has(`${r.endpoint}|${r.file}`)).concat(rows);
  fs.writeFileSync(MATRIX, JSON.stringify(all, null, 2));
}

/** The first lines of a refusal's line report, when it has one. */
function detailsOf(text: string): string[] | undefined {
  const json = jsonOf(text);
  const error = json?.error as { details?: Record<string, unknown> } | undefined;
  const rows = Object.values(error?.details ?? {}).flatMap((v) => (Array.isArray(v) ? v : []));
  const lines = rows.filter((x): x is string => typeof x === 'string').slice(0, 3);
  return lines.length ? lines.map((l) => short(l, 200)) : undefined;
}

async function health(base: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  let status = 0;
  try {
    status = (await send(base, { method: 'GET', path: '/api/health', headers: {} }, { timeoutMs: 10_000 })).status;
  } catch {
    status = 0;
  }
  return { status, ms: Math.round(performance.now() - started) };
}

const short = (s: string | null | undefined, n = 160) => (s ? (s.length > n ? `${s.slice(0, n)}…` : s) : '');

// ---------------------------------------------------------------------------------------------

let corpus: HostileFile[] = [];
let context: Context;
let workerPid: number | null = null;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  corpus = await hostileCorpus({ dir: path.join(__dirname, '..', 'fixtures', 'hostile') });
  // Controls first, then the encodings, then the hostile files (the corpus's order).
  const rank = { control: 0, encoding: 1, hostile: 2 } as const;
  corpus.sort((a, b) => rank[a.kind] - rank[b.kind]);
  if (onlyFiles.length) corpus = corpus.filter((f) => onlyFiles.includes(f.name));
  workerPid = findWorkerPid(PORT, [process.env.DATA_DIR ?? '.data-e2e']);
  // One sign-in per account and run: Playwright starts a new worker after a failed test, and the
  // sign-ins count against the per-IP limits of the specs that run after this one.
  let cookies: Record<Who, string>;
  try {
    cookies = JSON.parse(fs.readFileSync(SESSIONS, 'utf8')) as Record<Who, string>;
  } catch {
    cookies = {
      anon: '',
      admin: await signInCookie(base, DEMO.admin.email, DEMO.admin.password),
      customer: await signInCookie(base, DEMO.particular.email, DEMO.particular.password),
    };
    fs.mkdirSync(path.dirname(SESSIONS), { recursive: true });
    fs.writeFileSync(SESSIONS, JSON.stringify(cookies));
  }
  const cart = await send(base, { method: 'POST', path: '/api/cart', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ guestMode: true }) });
  const guestCart = (jsonOf(cart.body.toString('utf8'))?.data as { cart_id?: string } | undefined)?.cart_id;
  expect(guestCart, 'POST /api/cart {guestMode:true}').toBeTruthy();
  const brands = (await discoverCatalogue(base)).brands;
  expect(brands.length, 'uma marca do catálogo de demonstração').toBeGreaterThan(0);
  context = { base, cookies, guestCart: guestCart!, brandId: brands[0]!.id };
});

for (const endpoint of ENDPOINTS) {
  if (onlyEndpoints.length && !onlyEndpoints.includes(endpoint.id)) continue;
  test(`hostile files → ${endpoint.label}`, async () => {
    test.setTimeout(240_000);
    if (!workerPid) console.log(`[hostile] processo do servidor (scripts/serve.mjs, PORT=${PORT}) não encontrado: a memória não é medida`);
    const rows: Row[] = [];
    // A server that stopped answering on an earlier case: checked once more, then every case fails at once.
    if (fs.existsSync(DOWN) && (await health(context.base)).status === 200) fs.rmSync(DOWN);
    for (const f of corpus) {
      const expected = expectation(endpoint, f);
      if (fs.existsSync(DOWN)) {
        const since = fs.readFileSync(DOWN, 'utf8');
        rows.push({ endpoint: endpoint.id, file: f.name, kind: f.kind, expected, status: 0, outcome: 'servidor em baixo', message: null, ms: 0, problems: [`não enviado: o servidor deixou de responder depois de ${since}`] });
        expect.soft([`não enviado: o servidor deixou de responder depois de ${since}`], `${endpoint.id} × ${f.name}`).toEqual([]);
        continue;
      }
      const skipped = endpoint.skip?.(f);
      if (skipped) {
        rows.push({ endpoint: endpoint.id, file: f.name, kind: f.kind, expected, status: 0, outcome: 'ignorado', message: null, ms: 0, problems: [], skipped });
        continue;
      }
      const data = fs.readFileSync(f.file);
      const watch = workerPid ? watchMemory(workerPid) : null;
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await endpoint.call(context, f, data);
      } catch (err) {
        answer = { status: 0, accepted: false, refused: false, message: null, text: '', error: err instanceof Error ? err.message : String(err) };
      }
      const ms = Math.round(performance.now() - started);
      const memory = watch?.stop();
      const { status: healthStatus, ms: healthMs } = await health(context.base);
      if (healthStatus === 0) fs.writeFileSync(DOWN, `${endpoint.id} × ${f.name}`);
      await answer.cleanup?.().catch(() => undefined);

      const problems: string[] = [];
      if (answer.status === 0) problems.push(`sem resposta (${answer.error ?? '?'})`);
      else if (answer.status >= 500) problems.push(answer.error ?? `resposta ${answer.status}`);
      else if (!answer.accepted && !answer.refused) problems.push(`resposta ${answer.status} que não é aceitação nem recusa`);
      if (answer.refused && !answer.message) problems.push(`recusado (${answer.status}) sem mensagem`);
      else if (answer.refused && GENERIC.has(answer.message!.replace(/ \[.*\]$/, '')) && !answer.details?.length) problems.push(`recusado (${answer.status}) só com a mensagem genérica «${answer.message}»`);
      if (answer.accepted && expected === 'refuse') problems.push(`aceite (${answer.status}): devia ser recusado`);
      if (expected === 'accept' && answer.status > 0 && !answer.accepted) problems.push(`controlo recusado (${answer.status}: ${short(answer.message)})`);
      if (expected === 'read-or-refuse' && answer.accepted) {
        const wrong = misread(f, answer.text);
        if (wrong) problems.push(`aceite mas lido mal: ${wrong}`);
      }
      if (memory?.workerGone) problems.push('o processo do servidor terminou');
      else if (memory && memory.growthMb >= MAX_GROWTH_MB) problems.push(`memória do servidor +${memory.growthMb} MB (${memory.beforeMb} → ${memory.peakMb} MB)`);
      if (memory && !memory.workerGone && memory.treePeakMb - memory.beforeMb >= MAX_GROWTH_MB) problems.push(`memória do servidor e dos processos filhos +${Math.round(memory.treePeakMb - memory.beforeMb)} MB`);
      if (healthStatus !== 200) problems.push(`/api/health depois: ${healthStatus || 'sem resposta'}`);
      else if (healthMs > HEALTH_MS) problems.push(`/api/health depois: ${healthMs} ms`);

      const outcome: Row['outcome'] = answer.status === 0 ? 'sem resposta' : answer.status >= 500 ? 'erro' : answer.accepted ? 'aceite' : 'recusado';
      rows.push({ endpoint: endpoint.id, file: f.name, kind: f.kind, expected, status: answer.status, outcome, message: answer.message ?? (answer.accepted ? null : short(answer.text, 300) || null), details: answer.refused ? answer.details : undefined, error: answer.error, ms, memory, healthMs, healthStatus, problems });
      const mem = memory ? ` mem +${memory.growthMb} MB (pico ${memory.peakMb}${memory.exactPeak ? '' : ' amostrado'}, com filhos ${memory.treePeakMb})` : '';
      console.log(`[hostile] ${endpoint.id} × ${f.name}: ${answer.status || answer.error} ${outcome} «${short(answer.message, 120)}» ${ms} ms;${mem}; health ${healthStatus} ${healthMs} ms${problems.length ? `  ✗ ${problems.join('; ')}` : ''}`);
      expect.soft(problems, `${endpoint.id} × ${f.name} (${f.description})`).toEqual([]);
      record(rows); // after every case: a test that times out still leaves its rows
    }
    record(rows);
  });
}
