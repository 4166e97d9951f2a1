/**
 * The generated-input run of `npm run fuzz` (scripts/fuzz.mjs) and of its short version in
 * `npm test` (tests/e2e/fuzz.spec.ts): requests built from a seed against every route handler
 * and every page family of the app, with wrong types, huge and negative numbers, NaN, bad
 * percent-encoding, 10,000-character strings, arrays for strings, unknown fields, JSON bodies of
 * the wrong shape, bodies that are not JSON, bodies over 1 MB, wrong methods, wrong content
 * types, path traversal and null bytes. A finding is an answer ≥ 500, no answer at all, or a
 * body that shows a stack trace or SQL text.
 * With an upload setup (`prepareUploads`), UPLOAD_SHARE of the requests are multipart uploads of
 * the hostile corpus (scripts/hostile-corpus.mjs) and of mutations of it (cut, bytes flipped,
 * spliced, junk in front, wrong names, extensions, content types, field names and multipart
 * framing) to every upload of the shop: route handlers and server actions, signed in as the
 * demo administrator or customer where the upload needs one.
 *
 * Deterministic: the same seed and catalogue give the same requests in the same order (the
 * catalogue's identifiers are read once, sorted, before any request is generated), so a finding
 * is replayed with its seed and index (FUZZ_ONLY). Plain Node on purpose, like the benchmarks.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { hostileCorpus } from './hostile-corpus.mjs';

// ---------------------------------------------------------------------------------------------
// Deterministic random numbers (mulberry32 over a hash of the seed).

export function createRandom(seed) {
  let h = 2166136261;
  for (const ch of String(seed)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
  };
}

// ---------------------------------------------------------------------------------------------
// Odd values. `url` goes into a path or query as is (already encoded, or badly on purpose);
// `text` is the decoded value for JSON bodies. Nothing here contains a pattern of LEAKS, so a
// page that echoes its input is never mistaken for a leak.

const LONG_A = 'a'.repeat(10_000);
const LONG_WORDS = 'torneira água quente '.repeat(500).slice(0, 10_000);

const text = (kind, values) => values.map((t) => ({ kind, text: t, url: safeEncode(t) }));
const raw = (kind, values) => values.map((u) => ({ kind, text: u, url: u }));

/** encodeURIComponent that never throws (lone surrogates become U+FFFD). */
function safeEncode(value) {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, (c, i, s) => {
    const code = c.charCodeAt(0);
    const pair = code < 0xdc00 ? /[\udc00-\udfff]/.test(s[i + 1] ?? '') : /[\ud800-\udbff]/.test(s[i - 1] ?? '');
    return pair ? c : '\ufffd';
  }));
}

export const ODD_VALUES = {
  huge: raw('huge', ['99999999999', '9'.repeat(40), '2147483648', '9007199254740993', '1e309', '1.7976931348623157e309', '18446744073709551616', '1' + '0'.repeat(400)]),
  negative: raw('negative', ['-1', '-99999999999', '-0', '-2147483649', '-1e309']),
  notANumber: raw('notANumber', ['NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', '0x1F', '1e3', '1.5', '%207%20', '07', '%2B1', '1,5', '0b11', '1_000']),
  badEncoding: raw('badEncoding', ['%E0%A4', '%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%%', '%2', 'a%', '%u0041', '%F4%90%80%80', '%C3']),
  long: [...text('long', [LONG_A, LONG_WORDS]), { kind: 'long', text: 'A'.repeat(3_400), url: '%41'.repeat(3_400) }],
  traversal: [
    ...text('traversal', ['../../../../etc/passwd', '..\\..\\..\\windows\\win.ini', '/etc/passwd', '....//....//etc/passwd', '..', '.']),
    ...raw('traversal', ['..%2f..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%252f..%252fetc%252fpasswd', '%2e%2e', '..%5c..%5cwin.ini', '%c0%ae%c0%ae%2f']),
  ],
  nullByte: text('nullByte', ['\u0000', 'a\u0000b', 'x\u0000.png', '10\u0000', '\u0000\u0000\u0000']),
  control: text('control', ['\r\nSet-Cookie: fuzz=1', '\t', '\n', '\u001b[31m', '\u202e', '\ufeff', '\u0007', '\u2028']),
  unicode: [...text('unicode', ['ação', 'água quente', '💧🚿', 'Ｔｏｒｎｅｉｒａ', 'ﬁ', '𝕬', 'İ', 'ß', 'e\u0301', '\ud83d']), ...raw('unicode', ['%ED%BF%BF'])],
  injection: text('injection', ["' OR '1'='1", '1; DROP TABLE products--', '\\', "'", '"', '`', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%s%n', '__proto__', 'constructor', '[object Object]', '*', '?', '#', '&', '=', '/', '//', 'a b', ':', '@', '$1', 'a)(b']),
  empty: raw('empty', ['', '%20', '+', '%20%20']),
  slashes: raw('slashes', ['a/b', 'a//b', '/', '.%2F.']),
};
const ODD_KINDS = Object.keys(ODD_VALUES);

export function oddValue(r) {
  return r.pick(ODD_VALUES[r.pick(ODD_KINDS)]);
}

/** A slot of a path or query: a real value (probability `valid`) or an odd one. */
function slot(r, valids, valid = 0.45) {
  if (valids.length && r.chance(valid)) return safeEncode(String(r.pick(valids)));
  return oddValue(r).url;
}

// ---------------------------------------------------------------------------------------------
// Query strings.

const UNKNOWN_PARAMS = ['x', 'utm_source', '__proto__', 'constructor', 'a[]', 'a[b]', '%E0%A4', '%', 'f.', 'f.%zz', 'f.cor', '_rsc', 'coming-soon', 'next', 'callbackURL', 'token', 'w', 'q', 'page', 'limit', LONG_A.slice(0, 2000)];

/** `?a=b&…` with 0–5 parameters: known ones (real or odd values), unknown ones, repeated ones (arrays). */
function query(r, params = {}) {
  if (r.chance(0.04)) return r.pick(['?', '?&&&', '?=x', '?a', '?%', '?a=1&a', '?&=&=', `?${'a=1&'.repeat(500)}`, '?%E0%A4=%E0%A4']);
  const names = Object.keys(params);
  const n = r.int(names.length ? 6 : 3);
  const parts = [];
  for (let i = 0; i < n; i++) {
    const known = names.length > 0 && r.chance(0.8);
    const name = known ? r.pick(names) : r.pick(UNKNOWN_PARAMS);
    const valids = known ? params[name] : [];
    const times = r.chance(0.15) ? 2 + r.int(3) : 1;
    for (let k = 0; k < times; k++) parts.push(`${known ? safeEncode(name) : name}=${slot(r, valids, 0.5)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

// ---------------------------------------------------------------------------------------------
// Bodies.

function deepArray(depth) {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A JSON value of any type, odd or not. */
function oddJson(r) {
  switch (r.int(10)) {
    case 0:
      return r.pick([99999999999, -1, 1e308, 0, 1.5, -0, 2 ** 53 + 2, -99999999999]);
    case 1:
      return r.pick([true, false, null]);
    case 2:
      return r.pick([[], ['a', 'b'], [1, 2], [null], [[['x']]]]);
    case 3:
      return r.pick([{}, { a: 1 }, { __proto__: { x: 1 } }, { constructor: { prototype: {} } }]);
    case 4:
      return LONG_A;
    default:
      return oddValue(r).text;
  }
}

/** A JSON object of `fields` (real or odd values), sometimes with unknown fields. */
function jsonObject(r, fields) {
  const out = {};
  for (const [name, valids] of Object.entries(fields)) {
    if (r.chance(0.15)) continue;
    out[name] = valids.length && r.chance(0.5) ? r.pick(valids) : oddJson(r);
  }
  if (r.chance(0.3)) out[r.pick(['x', 'role', 'isAdmin', 'emailVerified', 'id', 'banned', 'constructor', 'extra'])] = oddJson(r);
  return out;
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';

function multipartOf(fields) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

function formOf(fields) {
  return Object.entries(fields)
    .map(([k, v]) => `${safeEncode(k)}=${safeEncode(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`)
    .join('&');
}

/** A body for an endpoint that reads JSON `fields`, and its Content-Type (undefined: none sent). */
function body(r, fields) {
  const shape = r.int(20);
  let content;
  let type = 'application/json';
  if (shape < 9) content = JSON.stringify(jsonObject(r, fields));
  else if (shape < 11) content = JSON.stringify(r.pick([[], [jsonObject(r, fields)], 'texto', 42, null, true, -1]));
  else if (shape < 14) {
    content = r.pick(['{', '{"email":', 'email=a@b.pt', '\ufeff{"email":"a@b.pt"}', 'NaN', '', 'undefined', '{"a":1}{"b":2}', '<x/>', "{'a':1}", '{"a":1,}', '\u0000', deepArray(5_000), '"\\ud800"']);
    if (r.chance(0.3)) content = Buffer.from(Array.from({ length: 64 + r.int(512) }, () => r.int(256)));
  } else if (shape < 16) {
    // Over 1 MB: a field of 1.2 MB, or 1.1 MB of something that is not JSON.
    content = r.chance(0.5) ? JSON.stringify({ ...jsonObject(r, fields), big: 'x'.repeat(1_200_000) }) : 'y'.repeat(1_100_000 + r.int(200_000));
  } else {
    const object = jsonObject(r, fields);
    const pick = r.int(3);
    content = pick === 0 ? multipartOf(object) : pick === 1 ? formOf(object) : JSON.stringify(object);
  }
  // Wrong content types, some matching the body (multipart, form), some not.
  if (r.chance(0.35)) {
    type = r.pick([
      'text/plain',
      'text/plain;charset=UTF-8',
      `multipart/form-data; boundary=${BOUNDARY}`,
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      undefined,
      'application/json; charset=latin1',
      'application/xml',
      'application/json, text/plain',
      'application/octet-stream',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'image/png',
      '',
    ]);
  }
  return { body: content, type };
}

// ---------------------------------------------------------------------------------------------
// Headers.

/** Headers of Next's client router (RSC requests), well and badly formed. */
const ROUTER_HEADERS = [
  () => ({ rsc: '1' }),
  () => ({ rsc: '1', 'next-router-state-tree': '%E0%A4' }),
  () => ({ rsc: '1', 'next-router-state-tree': '%5B%22%22%2C%7B%7D%5D' }),
  () => ({ rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: [LONG_A.slice(0, 500), {}] }])) }),
  () => ({ rsc: '1', 'next-router-state-tree': 'x'.repeat(3_000) }),
  () => ({ 'next-router-prefetch': '1', rsc: '1' }),
  () => ({ 'next-router-segment-prefetch': '/_tree', rsc: '1' }),
  () => ({ 'next-router-segment-prefetch': '%E0%A4', rsc: '1' }),
];

const ODD_HEADERS = [
  () => ({ authorization: 'Bearer fuzz-not-a-token' }),
  () => ({ authorization: 'Bearer' }),
  () => ({ authorization: 'Basic Zm9vOmJhcg==' }),
  () => ({ authorization: `Bearer ${'x'.repeat(4_000)}` }),
  () => ({ authorization: 'Bearer %E0%A4' }),
  () => ({ cookie: 'cag.session_token=fuzz-not-a-session' }),
  () => ({ cookie: 'cag.session_token=%E0%A4%zz' }),
  () => ({ cookie: `cag.session_token=${'a'.repeat(3_000)}.${'b'.repeat(40)}` }),
  () => ({ cookie: '__Secure-cag.session_token=x; cag.session_token=' }),
  () => ({ cookie: 'NEXT_LOCALE=xx; cag.session_data=%7B' }),
  () => ({ accept: 'application/json' }),
  () => ({ accept: 'text/html' }),
  () => ({ accept: 'x/y;q=abc' }),
  () => ({ 'accept-language': 'zz-ZZ;q=2, *;q=-1' }),
  () => ({ 'accept-encoding': 'gzip' }),
  () => ({ 'accept-encoding': 'br;q=nan, identity;q=0' }),
  () => ({ 'if-none-match': '"fuzz"' }),
  () => ({ 'if-none-match': '*' }),
  () => ({ 'if-modified-since': 'not a date' }),
  () => ({ range: 'bytes=999999999-' }),
  () => ({ range: 'bytes=-1,-2,-3' }),
  () => ({ 'x-forwarded-host': 'evil.example' }),
  () => ({ 'x-forwarded-host': '%E0%A4' }),
  () => ({ 'x-forwarded-for': 'not-an-ip, 999.999.999.999' }),
  () => ({ 'x-forwarded-proto': 'gopher' }),
  () => ({ 'x-request-id': '%00%00' }),
  () => ({ 'x-request-id': 'x'.repeat(5_000) }),
  () => ({ origin: 'https://evil.example' }),
  () => ({ origin: 'null' }),
  () => ({ referer: '%E0%A4' }),
  ...ROUTER_HEADERS,
  () => ({ 'next-url': '%E0%A4' }),
  () => ({ 'x-shop-flags': '{"registration":true,"profile":true}' }),
  () => ({ 'x-shop-flags': '{' }),
  () => ({ 'x-shop-path': '/admin' }),
  () => ({ 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }),
  () => ({ host: 'evil.example' }),
  () => ({ host: 'localhost:99999' }),
];

// ---------------------------------------------------------------------------------------------
// The app's route families (app/ tree; spec 2.1, 2.2, 2.4, 7; proxy.ts and lib/site-routing.ts).

const METHODS_ODD = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'POST', 'GET', 'TRACE'];

const SEARCH_WORDS = ['torneira', 'tubo pex', 'caldeira', 'válvula esfera', 'bomba', 'autoclismo', 'ab', 'a'];
const SORTS = ['relevance', 'name', 'created_at', 'updated_at'];
const ORDERS = ['asc', 'desc'];

/** Everything the generator knows of the catalogue (real values to mix with odd ones). */
function pools(catalogue) {
  const c = catalogue;
  return {
    chapterSlugs: c.chapters.map((x) => x.slug),
    chapterKeys: [...c.chapters.map((x) => x.slug), ...c.chapters.map((x) => String(x.code))],
    familyKeys: [...c.families.map((x) => x.slug), ...c.families.map((x) => x.code)],
    brandKeys: [...c.brands.map((x) => x.slug), ...c.brands.map((x) => String(x.id)), 'no-brand'],
    brandIds: c.brands.map((x) => String(x.id)),
    productCodes: c.products.map((x) => x.code),
    productIds: c.products.map((x) => String(x.id)),
    campaignKeys: [...c.campaigns.map((x) => x.slug), ...c.campaigns.map((x) => String(x.id))],
    campaignSlugs: c.campaigns.map((x) => x.slug),
    facets: ['f.material=latao', 'f.diametro=20mm,25mm', 'f.cor=cromado'],
  };
}

const ADMIN_SECTIONS = ['campaigns', 'campaigns/new', 'campaigns/edit/1', 'products', 'products/edit/99999999999', 'brands', 'pro-accounts', 'pro-accounts/users/x', 'login-debug', 'phc-sync', 'cache-performance'];
const STATIC_PAGES = ['/sobre', '/contacto', '/pro', '/garantias-e-assistencia', '/condicoes-gerais-de-venda', '/sitemap', '/catalogos', '/catalogos-fabrica', '/campanhas', '/produtos-por-marca'];
const AUTH_PAGES = ['/login', '/access-request', '/forgot-password', '/reset-password', '/auth/confirm', '/admin/login'];
const ACCOUNT_PAGES = ['/dashboard', '/dashboard/profile', '/dashboard/settings', '/dashboard/orders', '/dashboard/orders/99999999999', '/dashboard/favorites', '/admin/dashboard', '/checkout', '/cart', '/dev/outbox'];
const REDIRECT_PAGES = ['/signup', '/auth/access-request', '/request-access', '/register-particular', '/favoritos', '/admin', '/admin/users', '/admin/access-requests', '/admin/accounts', '/admin/users/'];
const AUTH_ENDPOINTS = [
  ['GET', 'get-session'],
  ['POST', 'sign-in/email'],
  ['POST', 'sign-up/email'],
  ['POST', 'sign-out'],
  ['POST', 'request-password-reset'],
  ['POST', 'forget-password'],
  ['POST', 'reset-password'],
  ['GET', 'reset-password/'],
  ['GET', 'verify-email'],
  ['POST', 'send-verification-email'],
  ['POST', 'change-email'],
  ['POST', 'change-password'],
  ['POST', 'update-user'],
  ['POST', 'delete-user'],
  ['GET', 'list-sessions'],
  ['POST', 'revoke-session'],
  ['POST', 'two-factor/enable'],
  ['POST', 'two-factor/verify-totp'],
  ['GET', 'ok'],
  ['GET', 'error'],
  ['POST', 'sign-in/social'],
  ['GET', 'callback/google'],
  ['POST', 'fuzz/unknown'],
];

/**
 * The families: name, weight, and the request they generate. `methods` are the ones the route
 * answers; with probability 0.08 another is used.
 */
/** A well-formed cart id that names no cart (22 base64url characters). */
const CART_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

function families(p) {
  const fuzzEmails = ['fuzz-a@example.test', 'fuzz-b@example.test', 'FUZZ-C@EXAMPLE.TEST', 'sem-arroba', 'a@b', ' fuzz-d@example.test '];
  const listing = { search: SEARCH_WORDS, brand: p.brandKeys, view: ['all'], page: ['1', '2', '200'], chapter: p.chapterKeys, family: p.familyKeys, 'f.material': ['latao'], 'coming-soon': ['1'] };
  return [
    // --- JSON APIs (app/api/**/route.ts)
    { name: 'api/health', weight: 1, gen: (r) => ({ method: 'GET', path: `/api/health${query(r)}` }) },
    { name: 'api/session', weight: 2, headers: 0.6, gen: (r) => ({ method: 'GET', path: `/api/session${query(r)}` }) },
    { name: 'api/campaigns', weight: 1, gen: (r) => ({ method: 'GET', path: `/api/campaigns${query(r)}` }) },
    { name: 'api/campaigns/[id]', weight: 3, gen: (r) => ({ method: 'GET', path: `/api/campaigns/${slot(r, p.campaignKeys)}${query(r)}` }) },
    { name: 'api/partner-logos', weight: 1, gen: (r) => ({ method: 'GET', path: `/api/partner-logos${query(r)}` }) },
    {
      name: 'api/products/search',
      weight: 8,
      gen: (r) => ({
        method: 'GET',
        path: `/api/products/search${query(r, { q: SEARCH_WORDS, limit: ['10', '50', '100'], offset: ['0', '50'], category_id: p.familyKeys, chapter: p.chapterKeys, family: p.familyKeys, brand: p.brandKeys, sort: SORTS, order: ORDERS, 'f.material': ['latao'] })}`,
      }),
    },
    {
      name: 'api/products/by-chapter',
      weight: 5,
      gen: (r) => ({
        method: 'GET',
        path: `/api/products/by-chapter${query(r, { chapter: p.chapterKeys, family: p.familyKeys, brand_id: p.brandIds, limit: ['10', '50'], offset: ['0', '50'], sort: SORTS, order: ORDERS })}`,
      }),
    },
    {
      name: 'api/newsletter',
      weight: 5,
      methods: ['POST'],
      gen: (r) => ({ method: 'POST', path: `/api/newsletter${r.chance(0.2) ? query(r) : ''}`, ...body(r, { email: fuzzEmails, mmerge4: ['particular', 'profissional'], honeypot: [''], source: ['footer', 'home'] }) }),
    },
    {
      name: 'api/newsletter/cancelar',
      weight: 2,
      methods: ['POST'],
      gen: (r) => ({ method: 'POST', path: `/api/newsletter/cancelar${query(r, { token: ['fuzz-token', ''] })}`, ...(r.chance(0.3) ? body(r, { token: ['x'] }) : {}) }),
    },
    // --- The buying core: cart calls, pricing, the model picker's data.
    {
      name: 'api/cart',
      weight: 2,
      methods: ['POST'],
      gen: (r) => ({ method: 'POST', path: `/api/cart${r.chance(0.2) ? query(r) : ''}`, ...body(r, { guestMode: [true, false], guestCartId: [CART_ID, 'curto', null] }) }),
    },
    {
      name: 'api/cart/[cartId]/*',
      weight: 4,
      gen: (r) => {
        const id = slot(r, [CART_ID]);
        const [method, rest] = r.pick([['HEAD', ''], ['GET', '/items'], ['POST', '/items'], ['DELETE', '/empty'], ['POST', '/quick-order']]);
        const fields = rest === '/quick-order' ? { text: ['HDT-16200 3', 'X 1,5', ''] } : { product_id: [1, 2, 3, 2147483647, 99999999999], quantity_of_packages: [1, 0, -1, 1.5, 10_000, '3'], items_per_package: [1, 10, 7], unit_price: [0.01, -5] };
        return method === 'POST' ? { method, path: `/api/cart/${id}${rest}`, ...body(r, fields) } : { method, path: `/api/cart/${id}${rest}${query(r)}` };
      },
    },
    {
      name: 'api/cart/items/[itemId]',
      weight: 2,
      methods: ['PUT', 'DELETE'],
      gen: (r) => (r.chance(0.5) ? { method: 'PUT', path: `/api/cart/items/${slot(r, [CART_ID])}`, ...body(r, { quantity_of_packages: [1, 0, 2.5, 'x'] }) } : { method: 'DELETE', path: `/api/cart/items/${slot(r, [CART_ID])}` }),
    },
    { name: 'api/cart/merge', weight: 1, methods: ['POST'], headers: 0.5, gen: (r) => ({ method: 'POST', path: '/api/cart/merge', ...body(r, { guest_cart_id: [CART_ID], user_cart_id: [CART_ID] }) }) },
    { name: 'api/user/product-pricing', weight: 2, headers: 0.6, gen: (r) => ({ method: 'GET', path: `/api/user/product-pricing${query(r, { product_ids: [p.productCodes.slice(0, 3).join(','), ''] })}` }) },
    { name: 'api/products/[code]/models', weight: 2, gen: (r) => ({ method: 'GET', path: `/api/products/${slot(r, p.productCodes)}/models${query(r)}` }) },
    // --- Favourites.
    {
      name: 'api/favourites',
      weight: 2,
      methods: ['GET', 'POST'],
      headers: 0.6,
      gen: (r) => (r.chance(0.4) ? { method: 'GET', path: `/api/favourites${query(r)}` } : { method: 'POST', path: '/api/favourites', ...body(r, { product_code: [...p.productCodes.slice(0, 3), 'P999999', ''] }) }),
    },
    { name: 'api/favourites/[code]', weight: 1, methods: ['DELETE'], headers: 0.6, gen: (r) => ({ method: 'DELETE', path: `/api/favourites/${slot(r, p.productCodes)}${query(r)}` }) },
    { name: 'api/users/auth', weight: 1, headers: 0.6, gen: (r) => ({ method: 'GET', path: `/api/users/auth${query(r)}` }) },
    {
      name: 'api/admin/catalogue',
      weight: 1,
      headers: 0.5,
      gen: (r) => (r.chance(0.5) ? { method: 'GET', path: `/api/admin/catalogue${query(r)}` } : { method: 'POST', path: '/api/admin/catalogue', ...body(r, { file: ['a;b\n1;2'] }) }),
    },
    // --- The payment provider's callback: without the anti-phishing key, 403 whatever else comes.
    {
      name: 'api/payments/ifthenpay/callback',
      weight: 1,
      methods: ['GET'],
      gen: (r) => ({
        method: 'GET',
        path: `/api/payments/ifthenpay/callback${query(r, { key: ['fuzz-key', ''], orderId: ['EN-2026-000001', '[ORDER_ID]'], amount: ['10.00', '-1', 'x'], requestId: ['abc'], entity: ['12345'], reference: ['123456789'], status: ['000'] })}`,
      }),
    },
    {
      name: 'api/auth/*',
      weight: 6,
      gen: (r) => {
        const [method, endpoint] = r.pick(AUTH_ENDPOINTS);
        const path = `/api/auth/${r.chance(0.85) ? endpoint : `${slot(r, [endpoint])}/${slot(r, [])}`}`;
        const fields = { email: fuzzEmails, password: ['Fuzz-Password-2026!', 'x'], name: ['Fuzz'], token: ['fuzz-token'], newPassword: ['Fuzz-Password-2027!'], newEmail: fuzzEmails, callbackURL: ['/', '//evil.example', 'https://evil.example'], rememberMe: [true] };
        return method === 'GET' ? { method, path: `${path}${query(r, { token: ['fuzz-token'], callbackURL: ['/'] })}` } : { method, path, ...body(r, fields) };
      },
    },
    // --- Route handlers that answer files, XML and text
    {
      name: 'media/[kind]/[file]',
      weight: 6,
      gen: (r) => {
        const kind = slot(r, ['products', 'families', 'chapters', 'brands', 'campaigns'], 0.8);
        const keys = { products: p.productCodes, families: p.familyKeys.filter((k) => /^\d/.test(k)), chapters: p.chapterKeys.filter((k) => /^\d/.test(k)), brands: p.brandKeys, campaigns: p.campaignSlugs }[kind] ?? [];
        const ext = r.chance(0.8) ? r.pick(['svg', 'png', 'webp']) : slot(r, ['jpg', 'gif', 'svg.png', 'PNG']);
        return { method: 'GET', path: `/media/${kind}/${slot(r, keys, 0.5)}.${ext}${query(r, { w: ['16', '64', '400', '1600'], q: ['30', '75', '100'] })}` };
      },
    },
    { name: 'media/avatars/[file]', weight: 1, gen: (r) => ({ method: 'GET', path: `/media/avatars/${slot(r, ['fuzz-1700000000000.webp', 'x-1.webp'])}` }) },
    {
      name: 'documentos/[kind]/[file]',
      weight: 2,
      gen: (r) => ({ method: 'GET', path: `/documentos/${slot(r, ['catalogos', 'fabrica'], 0.8)}/${slot(r, [], 0)}${r.chance(0.7) ? '.pdf' : ''}${query(r)}` }),
    },
    { name: 'feeds/google-merchant.xml', weight: 0.3, gen: (r) => ({ method: 'GET', path: `/feeds/google-merchant.xml${query(r)}` }) },
    { name: 'sitemap.xml', weight: 0.5, gen: (r) => ({ method: 'GET', path: `/sitemap.xml${query(r)}` }) },
    { name: 'robots.txt', weight: 0.7, headers: 0.5, gen: (r) => ({ method: 'GET', path: `/robots.txt${query(r)}` }) },
    { name: 'index.php', weight: 0.5, gen: (r) => ({ method: 'GET', path: `/index.php${query(r)}` }) },
    // --- Pages (app/[site]/(shop)/…, as public URLs)
    { name: 'page /', weight: 3, gen: (r) => ({ method: 'GET', path: `/${query(r, listing)}` }) },
    { name: 'page /produtos', weight: 8, gen: (r) => ({ method: 'GET', path: `/produtos${query(r, listing)}` }) },
    { name: 'page /produtos/{chapter}', weight: 5, gen: (r) => ({ method: 'GET', path: `/produtos/${slot(r, p.chapterKeys)}${query(r, listing)}` }) },
    {
      name: 'page /produtos/{chapter}/{family}',
      weight: 5,
      gen: (r) => {
        const family = r.chance(0.5) ? r.pick(p.familySamples) : undefined;
        const path = family ? `/produtos/${safeEncode(family.chapterSlug)}/${safeEncode(family.slug)}` : `/produtos/${slot(r, p.chapterSlugs, 0.7)}/${slot(r, p.familyKeys)}`;
        return { method: 'GET', path: `${path}${query(r, listing)}` };
      },
    },
    {
      name: 'page /produtos/{chapter}/{family}/{product}',
      weight: 5,
      gen: (r) => {
        const product = r.pick(p.productSamples);
        const c = r.chance(0.7) && product ? safeEncode(product.chapterSlug) : slot(r, p.chapterSlugs);
        const f = r.chance(0.7) && product ? safeEncode(product.familySlug) : slot(r, p.familyKeys);
        const code = product && r.chance(0.4) ? safeEncode(product.code) : slot(r, p.productCodes);
        return { method: 'GET', path: `/produtos/${c}/${f}/${code}${query(r)}` };
      },
    },
    { name: 'page /produtos/p/{product}', weight: 3, gen: (r) => ({ method: 'GET', path: `/produtos/p/${slot(r, [...p.productIds, ...p.productCodes])}${query(r)}` }) },
    { name: 'page /campanhas/{slug}', weight: 3, gen: (r) => ({ method: 'GET', path: `/campanhas/${slot(r, p.campaignSlugs)}${query(r)}` }) },
    { name: 'page (information)', weight: 3, gen: (r) => ({ method: 'GET', path: `${r.pick(STATIC_PAGES)}${query(r, { brand: p.brandKeys, search: SEARCH_WORDS })}` }) },
    {
      name: 'page (account entry)',
      weight: 4,
      gen: (r) => ({ method: 'GET', path: `${r.pick(AUTH_PAGES)}${query(r, { next: ['/dashboard', '//evil.example', '/%09/evil.example', 'https://evil.example'], token: ['fuzz-token'], error: ['INVALID_TOKEN'], email: ['fuzz-a@example.test'] })}` }),
    },
    { name: 'page /newsletter/*', weight: 2, gen: (r) => ({ method: 'GET', path: `/newsletter/${r.pick(['confirmar', 'cancelar'])}${query(r, { token: ['fuzz-token'] })}` }) },
    {
      name: 'page (protected)',
      weight: 2,
      headers: 0.5,
      gen: (r) => ({ method: 'GET', path: r.chance(0.6) ? `${r.pick(ACCOUNT_PAGES)}${query(r)}` : `/admin/${r.pick(ADMIN_SECTIONS)}${query(r)}` }),
    },
    { name: 'page (redirects)', weight: 1, gen: (r) => ({ method: 'GET', path: `${r.pick(REDIRECT_PAGES)}${r.chance(0.5) ? slot(r, []) : ''}${query(r)}` }) },
    {
      name: 'page (unknown paths)',
      weight: 3,
      gen: (r) => {
        const segments = Array.from({ length: 1 + r.int(4) }, () => slot(r, ['produtos', 'p', 'q', 'loja', 'admin', 'api', 'media', '_next', 'static', 'x.php', '.env', 'wp-admin']));
        const prefix = r.pick(['', '/q', '/loja', '/_next', '/_next/static', '/_next/image', '/api', '/media', '/documentos', '/feeds', '/dev', '/icons', '']);
        return { method: 'GET', path: `${prefix}/${segments.join('/')}${query(r, { url: ['/media/chapters/10.png', 'https://evil.example/x.png'], w: ['64'], q: ['75'] })}` };
      },
    },
    {
      name: 'page (server actions)',
      weight: 3,
      methods: ['POST'],
      gen: (r) => {
        const page = r.pick(['/', '/login', '/contacto', '/access-request', '/forgot-password', '/reset-password', '/dashboard/profile', '/produtos', '/newsletter/confirmar']);
        const action = r.pick(['0'.repeat(40), `7f${'a'.repeat(40)}`, 'x', '', '%E0%A4', 'a'.repeat(1000)]);
        const made = body(r, { '1_$ACTION_ID_x': ['x'], 0: ['["$K1"]'], email: ['fuzz-a@example.test'] });
        return { method: 'POST', path: `${page}${r.chance(0.2) ? query(r) : ''}`, ...made, headers: { 'next-action': action, accept: 'text/x-component' } };
      },
    },
    {
      name: 'page (router requests)',
      weight: 3,
      gen: (r) => {
        const page = r.pick(['/', '/produtos', `/produtos/${slot(r, p.chapterSlugs, 0.7)}`, '/login', '/campanhas', `/produtos/p/${slot(r, p.productIds)}`]);
        return { method: 'GET', path: `${page}${query(r, { _rsc: ['abc12', ''], search: SEARCH_WORDS })}`, headers: r.pick(ROUTER_HEADERS)() };
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Uploads: the hostile corpus and its mutations, to every upload route and server action.

/** Share of the requests that are uploads when `generateRequests` gets an upload setup. */
export const UPLOAD_SHARE = 0.12;

/** The demo accounts (server/auth/accounts.ts; README, "demo accounts"). */
const FUZZ_ACCOUNTS = {
  admin: { email: 'admin@demo.casadasaguas.pt', password: 'Demo-Admin-1967!' },
  customer: { email: 'cliente@demo.casadasaguas.pt', password: 'Demo-Cliente-1967!' },
};

/** The server actions that take a file: module, export, the page that posts it, field, session. */
const UPLOAD_ACTIONS = [
  { key: 'rules', module: 'server/people/actions.ts', exported: 'importPriceRulesAction', page: '/admin/pro-accounts/import', field: 'file', who: 'admin', extra: () => ({ apply: 'false' }) },
  { key: 'product-image', module: 'server/admin/product-actions.ts', exported: 'uploadProductImageAction', page: '/admin/products/new', field: 'image', who: 'admin' },
  { key: 'campaign-image', module: 'server/campaigns/actions.ts', exported: 'uploadCampaignImageAction', page: '/admin/campaigns/new', field: 'file', who: 'admin' },
  { key: 'brand-logo', module: 'server/brands/actions.ts', exported: 'uploadBrandLogoAction', page: '/admin/brands/new', field: 'file', who: 'admin' },
  { key: 'sheet-file', module: 'server/technical-sheets/actions.ts', exported: 'uploadTechnicalSheetFileAction', page: '/admin/ficha-tecnica', field: 'file', who: 'admin', extra: (r) => ({ kind: r.pick(['drawing', 'pdf', 'pdf', 'drawing', '', 'outro']) }) },
  { key: 'avatar', module: 'server/account/actions.ts', exported: 'uploadAvatarAction', page: '/dashboard/profile', field: 'avatar', who: 'customer' },
];

/** Server action ids by export name from a build's server-reference-manifest.json ({} without a build). */
function actionIdsOf(buildDir) {
  const ids = {};
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, 'server', 'server-reference-manifest.json'), 'utf8'));
    for (const [id, entry] of Object.entries(manifest.node ?? {})) {
      const wanted = UPLOAD_ACTIONS.find((a) => a.exported === entry.exportedName && String(entry.filename ?? '').endsWith(a.module));
      if (wanted) ids[wanted.key] = id;
    }
  } catch {
    // no build here (FUZZ_BASE_URL elsewhere): the actions get made-up ids
  }
  return ids;
}

async function signIn(base, { email, password }) {
  try {
    const answer = await send(base, { method: 'POST', path: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) }, { timeoutMs: 60_000 });
    const set = answer.headers['set-cookie'];
    const cookies = (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]).join('; ');
    return answer.status === 200 && cookies ? cookies : '';
  } catch {
    return '';
  }
}

/**
 * What the upload requests need, read once before generating: the corpus (written when missing,
 * each file's bytes in memory; `maxBytes` leaves out bigger files), the demo administrator's and
 * customer's session cookies, a guest cart, and the upload actions' ids from `buildDir`.
 * `warnings` says what could not be had (a session, the build): those requests still go, refused.
 */
export async function prepareUploads({ base, corpusDir, buildDir, catalogue, maxBytes = Infinity }) {
  const warnings = [];
  const files = (await hostileCorpus({ dir: corpusDir }))
    .filter((f) => f.bytes <= maxBytes)
    .map((f) => ({ name: f.name, type: f.type, kind: f.kind, category: f.category, data: fs.readFileSync(f.file) }));
  const sessions = { anon: '', admin: await signIn(base, FUZZ_ACCOUNTS.admin), customer: await signIn(base, FUZZ_ACCOUNTS.customer) };
  for (const who of ['admin', 'customer']) if (!sessions[who]) warnings.push(`sem sessão de ${who} (${FUZZ_ACCOUNTS[who].email}): os envios dele são recusados antes de ler o ficheiro`);
  let guestCart = CART_ID;
  try {
    const cart = await send(base, { method: 'POST', path: '/api/cart', headers: { 'content-type': 'application/json', origin: base }, body: '{"guestMode":true}' });
    guestCart = JSON.parse(cart.body.toString('utf8'))?.data?.cart_id ?? CART_ID;
  } catch {
    warnings.push('sem carrinho de visitante: a encomenda rápida só recebe o carrinho inexistente');
  }
  const actions = actionIdsOf(buildDir);
  const missing = UPLOAD_ACTIONS.filter((a) => !actions[a.key]).map((a) => a.exported);
  if (missing.length) warnings.push(`ações sem id no build (${path.join(buildDir, 'server', 'server-reference-manifest.json')}): ${missing.join(', ')}`);
  return { origin: base, files, sessions, guestCart, actions, brandId: catalogue.brands[0]?.id ?? 1, warnings };
}

const ODD_FILE_NAMES = ['x.xlsx', 'x.csv', 'x.png', 'x.pdf', 'x.svg', 'x.xlsm', 'x.XLSX', 'x.csv.exe', 'sem-extensao', '', '.xlsx', '../../../etc/passwd', '..\\..\\win.ini', 'a\u0000.png', 'ação «1».xlsx', `${'n'.repeat(300)}.csv`, 'x;y".pdf', '%E0%A4.png'];
const ODD_FILE_TYPES = ['', 'text/html', 'image/svg+xml', 'application/x-msdownload', 'application/vnd.ms-excel.sheet.macroEnabled.12', 'application/zip', 'text/csv; charset=utf-16', 'image/png', 'application/pdf', 'application/octet-stream', 'image/jpeg', 'x/y'];
const JUNK_PREFIXES = ['PK\u0003\u0004', '%PDF-1.7\n', '\u0089PNG\r\n\u001a\n', '\ufeff', 'GIF89a', '\u00ff\u00d8\u00ff', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]>', '\u0000\u0000\u0000'];

/** One corpus file, maybe mutated: its pieces (sub-arrays of the shared bytes, copies of a few bytes only) and what was done. */
function mutatedFile(r, files) {
  const small = files.filter((f) => f.data.length <= 16 * 1024 * 1024);
  const file = small.length && !r.chance(0.01) ? r.pick(small) : r.pick(files);
  const data = file.data;
  let pieces = [data];
  let note = 'inteiro';
  switch (r.int(12)) {
    case 0: {
      const at = r.int(data.length + 1);
      pieces = [data.subarray(0, at)];
      note = `cortado em ${at} B`;
      break;
    }
    case 1: {
      if (!data.length) break;
      const spots = [...new Set(Array.from({ length: 1 + r.int(16) }, () => r.int(data.length)))].sort((a, b) => a - b);
      pieces = [];
      let from = 0;
      for (const at of spots) {
        pieces.push(data.subarray(from, at), Buffer.from([data[at] ^ (1 + r.int(255))]));
        from = at + 1;
      }
      pieces.push(data.subarray(from));
      note = `${spots.length} byte(s) trocados`;
      break;
    }
    case 2: {
      const other = r.pick(small.length ? small : files).data;
      const a = r.int(data.length + 1);
      const b = r.int(other.length + 1);
      pieces = [data.subarray(0, a), other.subarray(b)];
      note = `início (${a} B) colado ao fim de outro ficheiro`;
      break;
    }
    case 3: {
      pieces = [Buffer.from(r.pick(JUNK_PREFIXES), 'latin1'), data];
      note = 'lixo à frente';
      break;
    }
    case 4: {
      if (data.length <= 2 * 1024 * 1024) {
        pieces = [data, data];
        note = 'duas vezes seguidas';
      }
      break;
    }
    default:
      break;
  }
  const name = r.chance(0.7) ? file.name : r.pick(ODD_FILE_NAMES);
  const type = r.chance(0.7) ? file.type : r.pick(ODD_FILE_TYPES);
  return { file, pieces, name, type, note };
}

const UPLOAD_BOUNDARY = '----fuzzUploadBoundaryQ8x2';

/**
 * A multipart body of text `fields` and one file part (sometimes under another field name, twice,
 * without a file name, or with broken framing), as pieces that share the corpus's bytes.
 */
function uploadBody(r, fields, fileField, made) {
  const b = UPLOAD_BOUNDARY;
  const text = Object.entries(fields).map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const shape = r.int(20);
  const field = shape === 0 ? r.pick(['files', 'FILE', `${fileField}[]`, '', '1_file']) : fileField;
  // Shape 1: no file name (the bytes arrive as a text field).
  const disposition = shape === 1 ? `form-data; name="${field}"` : `form-data; name="${field}"; filename="${made.name.replace(/"/g, '%22')}"`;
  const part = () => [Buffer.from(`--${b}\r\nContent-Disposition: ${disposition}\r\n${made.type ? `Content-Type: ${made.type}\r\n` : ''}\r\n`, 'utf8'), ...made.pieces, Buffer.from('\r\n')];
  const pieces = [Buffer.from(text, 'utf8'), ...part()];
  if (shape === 2) pieces.push(...part());
  if (shape === 3) pieces.push(Buffer.from(`--${b}`)); // no closing "--"
  else pieces.push(Buffer.from(`--${b}--\r\n`));
  const type = shape === 4 ? 'multipart/form-data; boundary=outra' : shape === 5 ? 'multipart/form-data' : `multipart/form-data; boundary=${b}`;
  return { pieces, type, shape };
}

/** The upload families (weights so that uploads are UPLOAD_SHARE of all requests). */
function uploadFamilies(u, otherWeight) {
  const withFile = (r) => mutatedFile(r, u.files);
  const describe = (made, shape) => ({ file: made.file.name, mutation: made.note, name: made.name, type: made.type, shape });
  const cookie = (r, who) => {
    // Mostly the session the upload needs; sometimes none or the other one (refused before reading).
    const chosen = r.chance(0.85) ? who : r.pick(['anon', 'admin', 'customer']);
    return u.sessions[chosen] ? { cookie: u.sessions[chosen] } : {};
  };
  const api = (name, pathOf, fileField, who, fieldsOf = () => ({})) => ({
    name,
    methods: ['POST'],
    gen: (r) => {
      const made = withFile(r);
      const field = typeof fileField === 'function' ? fileField(r) : fileField;
      const body = uploadBody(r, fieldsOf(r), field, made);
      return { method: 'POST', path: pathOf(r), body: body.pieces, type: body.type, headers: { origin: u.origin, accept: 'application/json', ...cookie(r, who) }, upload: describe(made, body.shape) };
    },
  });
  const supplierFields = (r) => ({ brandId: String(u.brandId), title: `Fuzz ${r.int(1000)}`, year: r.pick(['2026', '', '99999']), source: r.pick(['upload', 'link']), externalUrl: r.pick(['', 'https://example.com/x.pdf', 'javascript:alert(1)']), active: 'false' });
  const list = [
    api('upload api/cart/[cartId]/quick-order', (r) => `/api/cart/${r.chance(0.7) ? u.guestCart : CART_ID}/quick-order`, 'file', 'anon'),
    api('upload api/admin/catalogue/preview', () => '/api/admin/catalogue/preview', 'file', 'admin'),
    api('upload api/admin/catalogue', () => '/api/admin/catalogue', 'file', 'admin'),
    api('upload api/admin/erp/preview', () => '/api/admin/erp/preview', 'file', 'admin', (r) => (r.chance(0.5) ? { kind: r.pick(['prices', 'clients', 'x']) } : {})),
    api('upload api/admin/supplier-catalogues', () => '/api/admin/supplier-catalogues', (r) => r.pick(['pdf', 'cover']), 'admin', supplierFields),
    ...UPLOAD_ACTIONS.map((a) => ({
      name: `upload action ${a.exported}`,
      methods: ['POST'],
      gen: (r) => {
        const made = withFile(r);
        // React's client: the FormData's fields as `_1_<name>`, argument list `["$K1"]` in field 0.
        const fields = Object.fromEntries(Object.entries(a.extra?.(r) ?? {}).map(([k, v]) => [`_1_${k}`, v]));
        const body = uploadBody(r, fields, `_1_${a.field}`, made);
        body.pieces.splice(body.pieces.length - 1, 0, Buffer.from(`--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="0"\r\n\r\n${r.chance(0.9) ? '["$K1"]' : r.pick(['[]', '["$K2"]', '{', '["$K1","$K1"]'])}\r\n`));
        const id = u.actions[a.key] ?? `7f${'0'.repeat(40)}`;
        return { method: 'POST', path: a.page, body: body.pieces, type: body.type, headers: { origin: u.origin, accept: 'text/x-component', 'next-action': id, ...cookie(r, a.who) }, upload: describe(made, body.shape) };
      },
    })),
  ];
  const weight = (otherWeight * UPLOAD_SHARE) / (1 - UPLOAD_SHARE) / list.length;
  return list.map((f) => ({ ...f, weight }));
}

// ---------------------------------------------------------------------------------------------
// Catalogue discovery (real identifiers to mix in) and generation.

/** JSON of a GET, or null. */
async function getJson(base, path) {
  try {
    const res = await send(base, { method: 'GET', path, headers: { accept: 'application/json' } }, { timeoutMs: 60_000 });
    return res.status === 200 ? JSON.parse(res.body.toString('utf8')) : null;
  } catch {
    return null;
  }
}

/**
 * Chapters, families, products, brands and campaigns of the running shop, read from its public
 * APIs (a few searches and the campaigns), sorted so that generation does not depend on the
 * order of the answers. Empty lists when the catalogue is empty: odd values are generated anyway.
 */
export async function discoverCatalogue(base) {
  const chapters = new Map();
  const families = new Map();
  const products = new Map();
  const brands = new Map();
  for (const q of ['torneira', 'tubo', 'caldeira', 'bomba', 'valvula', 'radiador', 'piscina', 'extintor', 'autoclismo', 'lavatorio']) {
    const found = await getJson(base, `/api/products/search?q=${q}&limit=40`);
    for (const item of found?.data ?? []) {
      const [, , chapterSlug, familySlug] = String(item.url ?? '').split('/');
      if (!chapterSlug || !familySlug) continue;
      chapters.set(chapterSlug, { slug: chapterSlug, code: item.chapter_code });
      families.set(familySlug, { slug: familySlug, code: item.family_code, chapterSlug });
      products.set(item.product_code, { id: item.id, code: item.product_code, chapterSlug, familySlug });
      if (item.brand_slug) brands.set(item.brand_slug, { slug: item.brand_slug, id: item.brand_id });
    }
  }
  const campaigns = ((await getJson(base, '/api/campaigns'))?.data ?? []).map((c) => ({ id: c.id, slug: c.slug }));
  const sorted = (map, key) => [...map.values()].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
  return {
    chapters: sorted(chapters, 'slug'),
    families: sorted(families, 'slug'),
    products: sorted(products, 'code'),
    brands: sorted(brands, 'slug'),
    campaigns: campaigns.sort((a, b) => a.id - b.id),
  };
}

/**
 * `count` requests from `seed`: `{ index, family, method, path, headers, body?, upload? }`. Each
 * picks a family by weight; 8 % use a method the route does not answer; about 15 % carry odd
 * headers. With `uploads` (prepareUploads), UPLOAD_SHARE of them are file uploads (`upload`
 * says which corpus file, how it was mutated, under which name and type).
 */
export function generateRequests({ seed, count, catalogue, uploads }) {
  const p = { ...pools(catalogue), productSamples: catalogue.products, familySamples: catalogue.families };
  const list = families(p);
  if (uploads) list.push(...uploadFamilies(uploads, list.reduce((s, f) => s + f.weight, 0)));
  const total = list.reduce((s, f) => s + f.weight, 0);
  const r = createRandom(seed);
  const out = [];
  for (let index = 0; index < count; index++) {
    let x = r.next() * total;
    const family = list.find((f) => (x -= f.weight) < 0) ?? list[list.length - 1];
    const made = family.gen(r);
    let method = made.method;
    if (r.chance(0.08)) method = r.pick(METHODS_ODD);
    const headers = { 'user-agent': 'cag-fuzz', accept: '*/*', ...(made.headers ?? {}) };
    if (r.chance(family.headers ?? 0.15)) Object.assign(headers, r.pick(ODD_HEADERS)(), r.chance(0.3) ? r.pick(ODD_HEADERS)() : {});
    let bodyOut = made.body;
    if (bodyOut === undefined && method !== 'GET' && method !== 'HEAD' && r.chance(0.3)) {
      const extra = body(r, { x: [] });
      bodyOut = extra.body;
      made.type = extra.type;
    }
    if (bodyOut !== undefined && method !== 'GET' && method !== 'HEAD') {
      if (made.type) headers['content-type'] = made.type;
    } else {
      bodyOut = undefined;
    }
    out.push({ index, family: family.name, method, path: asciiPath(made.path), headers, body: bodyOut, ...(made.upload ? { upload: made.upload } : {}) });
  }
  return out;
}

/** What Node's client refuses in a path (spaces, control and non-ASCII characters), encoded. */
function asciiPath(path) {
  return path.replace(/[^\x21-\x7e]/g, (c) => safeEncode(c));
}

// ---------------------------------------------------------------------------------------------
// Sending.

const MAX_BODY = 8 * 1024 * 1024;

/** A body as Buffers: a string, a Buffer, or the pieces of an upload (sent one after the other). */
function bodyPieces(body) {
  if (body === undefined) return undefined;
  if (Array.isArray(body)) return body;
  return [Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')];
}

/** Bytes of a request's body. */
export function bodyLength(body) {
  return (bodyPieces(body) ?? []).reduce((n, b) => n + b.length, 0);
}

/**
 * One request with exactly these method, raw path, headers and body; resolves with the status,
 * the headers and the body (decompressed when the server compressed it, cut at 8 MB).
 */
export function send(base, request, { agent, timeoutMs = 30_000 } = {}) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const pieces = bodyPieces(request.body);
    const headers = { ...request.headers };
    if (pieces) headers['content-length'] = String(pieces.reduce((n, b) => n + b.length, 0));
    let answered = false;
    const req = http.request(
      // Redirects may echo a 15 kB URL twice (Location, Refresh): more than Node's 16 kB default.
      { host: url.hostname, port: url.port || 80, method: request.method, path: request.path, headers, agent: agent ?? false, timeout: timeoutMs, maxHeaderSize: 256 * 1024 },
      (res) => {
        answered = true;
        const chunks = [];
        let size = 0;
        res.on('data', (c) => {
          if (size < MAX_BODY) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          let bytes = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? '');
          try {
            if (encoding === 'gzip') bytes = zlib.gunzipSync(bytes);
            else if (encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
          } catch {
            /* cut or odd: scanned as is */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${timeoutMs} ms`)));
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    // A server may answer (413…) before reading a big body and close: the answer still counts.
    if (pieces) {
      for (const piece of pieces) if (piece.length) req.write(piece);
    }
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Findings.

/** What a body must never show: stack frames, module paths, SQL and database internals. */
export const LEAKS = [
  ['stack', 'at Object.'],
  ['stack', '    at '],
  ['stack', 'node_modules'],
  ['sql', 'SELECT '],
  ['sql', 'syntax error at'],
  ['sql', 'relation "'],
  ['db', 'PGlite'],
  ['db', 'drizzle'],
];

function leaksIn(response) {
  const type = String(response.headers['content-type'] ?? '');
  if (/^(image\/(?!svg)|application\/pdf)/.test(type)) return [];
  const body = response.body.toString('utf8');
  return LEAKS.filter(([, pattern]) => body.includes(pattern)).map(([, pattern]) => pattern);
}

/**
 * Sends every request, `concurrency` at a time over keep-alive connections. Returns one result
 * per request: `{ request, status, ms, leaks, excerpt?, error? }` (status 0 when nothing came back).
 */
export async function runFuzz({ base, requests, concurrency = 8, timeoutMs = 30_000, onProgress }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const results = new Array(requests.length);
  let next = 0;
  let done = 0;
  let down = false;
  async function worker() {
    while (next < requests.length && !down) {
      const position = next++;
      const request = requests[position];
      const started = performance.now();
      let result;
      try {
        // Big bodies go on a connection of their own: a server that answers before reading
        // them closes it.
        const big = bodyLength(request.body) > 512 * 1024;
        const response = await send(base, request, { agent: big ? undefined : agent, timeoutMs });
        const leaks = leaksIn(response);
        result = { request, status: response.status, ms: performance.now() - started, leaks };
        if (actionThrew(response)) result.actionError = true;
        if (response.status >= 500 || leaks.length || result.actionError) result.excerpt = excerptOf(response.body, leaks);
      } catch (err) {
        result = { request, status: 0, ms: performance.now() - started, leaks: [], error: err instanceof Error ? err.message : String(err) };
        // Nobody listens any more: the server stopped (crashed, or was stopped). The requests in
        // flight when it went are the ones answered with a reset; the rest are not sent.
        if (err?.code === 'ECONNREFUSED') {
          down = true;
          result.error = `o servidor deixou de responder (${result.error})`;
        }
      }
      results[position] = result;
      done++;
      onProgress?.(done, requests.length);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return results.filter(Boolean);
}

/**
 * A server action that threw: Next answers its RSC error row (`1:E{"digest":…}`), often with
 * status 200 — a 500 in all but the status. Next's own signals (notFound, redirect) are not errors.
 */
export function actionThrew(response) {
  if (!/text\/x-component/.test(String(response.headers['content-type'] ?? ''))) return false;
  const head = response.body.subarray(0, 64 * 1024).toString('utf8');
  return [...head.matchAll(/^[0-9a-f]+:E(\{.*)$/gm)].some((m) => !/"digest":"NEXT_/.test(m[1]));
}

function excerptOf(body, leaks) {
  const text = body.toString('utf8');
  const at = leaks.length ? Math.max(0, text.indexOf(leaks[0]) - 200) : 0;
  return text.slice(at, at + 600).replace(/\s+/g, ' ');
}

/** Results that fail the run: an answer ≥ 500, no answer, a server action that threw, or a leak in the body. */
export function findingsOf(results) {
  return results.filter((x) => x.status >= 500 || x.status === 0 || x.actionError || x.leaks.length > 0);
}

const shorten = (s, n) => (s.length > n ? `${s.slice(0, n)}…(${s.length} caracteres)` : s);

/** A shell command that sends the same request again (bodies over 2 KB are replayed with FUZZ_ONLY). */
export function curlOf(base, request) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  const parts = ['curl -s -i', '--path-as-is', `-X ${request.method}`];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${q(`${name}: ${shorten(String(value), 300)}`)}`);
  if (request.body !== undefined) {
    const text = Array.isArray(request.body) ? `<envio multipart de ${bodyLength(request.body)} bytes: repita com FUZZ_ONLY>` : Buffer.isBuffer(request.body) ? `<${request.body.length} bytes binários>` : request.body;
    parts.push(`--data-binary ${q(shorten(text, 2000))}`);
  }
  parts.push(q(`${base}${shorten(request.path, 2000)}`));
  return parts.join(' ');
}

/** Counts by status, and by family and status class, as printable text. */
export function summaryOf(results) {
  const byStatus = new Map();
  const byFamily = new Map();
  for (const x of results) {
    const key = x.status === 0 ? 'sem resposta' : String(x.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    const row = byFamily.get(x.request.family) ?? { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, other: 0, leaks: 0, ms: [] };
    row.total++;
    row.ms.push(x.ms);
    const cls = x.status >= 200 && x.status < 600 ? `${Math.floor(x.status / 100)}xx` : 'other';
    row[cls in row ? cls : 'other']++;
    if (x.leaks.length) row.leaks++;
    byFamily.set(x.request.family, row);
  }
  const lines = ['Respostas por código:'];
  for (const [status, n] of [...byStatus].sort((a, b) => a[0].localeCompare(b[0]))) lines.push(`  ${status.padEnd(13)} ${String(n).padStart(6)}`);
  lines.push('', 'Por família de rotas (ms: mediana e máximo do tempo de resposta):', `  ${'família'.padEnd(44)} ${['pedidos', '2xx', '3xx', '4xx', '5xx', 'outros', 'fugas', 'ms p50', 'ms máx'].map((h) => h.padStart(7)).join(' ')}`);
  for (const [family, row] of [...byFamily].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ms = row.ms.sort((a, b) => a - b);
    const cells = [row.total, row['2xx'], row['3xx'], row['4xx'], row['5xx'], row.other, row.leaks, Math.round(ms[Math.floor((ms.length - 1) / 2)]), Math.round(ms[ms.length - 1])];
    lines.push(`  ${family.padEnd(44)} ${cells.map((n) => String(n).padStart(7)).join(' ')}`);
  }
  return lines.join('\n');
}

/** One finding as printable text: what came back and how to send it again. */
export function describeFinding(base, seed, x) {
  const what =
    x.status === 0 ? `sem resposta (${x.error})` : x.status >= 500 ? `${x.status}` : x.actionError ? `${x.status} com o erro da ação (linha E do RSC)` : `${x.status} com ${x.leaks.join(', ')} no corpo`;
  const lines = [`#${x.request.index} [${x.request.family}] ${x.request.method} ${shorten(x.request.path, 200)} → ${what}`];
  const u = x.request.upload;
  if (u) lines.push(`    ficheiro: ${u.file} (${u.mutation}) enviado como «${shorten(u.name, 60)}» ${u.type || '(sem tipo)'}${u.shape !== undefined && u.shape < 6 ? `, multipart de forma ${u.shape}` : ''}`);
  if (x.excerpt) lines.push(`    corpo: ${shorten(x.excerpt, 200)}`);
  lines.push(`    repetir: FUZZ_SEED=${seed} FUZZ_ONLY=${x.request.index} npm run fuzz`);
  const curl = curlOf(base, x.request);
  if (curl.length <= 800) lines.push(`    ou: ${curl}`);
  return lines.join('\n');
}
