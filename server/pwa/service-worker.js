/* The shop's service worker (spec 4 "Offline shell and cache hygiene"; docs/offline.md).
 *
 * Served by app/sw.js/route.ts as /sw.js with `__SW_VERSION__` replaced by the build id, so every
 * deploy is a new worker whose caches carry the new id. Plain JavaScript that runs in the browser:
 * no imports, no bundler.
 *
 * What it keeps, and for how long:
 * - `cag-static-<v>`: the build's scripts, styles and fonts (/_next/static, content-hashed), the
 *   manifest and icons. Cache first.
 * - `cag-pages-<v>`: the public pages the visitor opened (HTML), the latest 60. Network first; the
 *   cached copy only when the network fails. Only answers that a shared cache may store (no
 *   `private`/`no-store`): the catalogue, never an account page.
 * - `cag-images-<v>`: catalogue images (/media/…), the latest 400. Cached copy first, refreshed in
 *   the background.
 * - `cag-saved`: what a signed-in customer asked to keep ("Disponível offline": favourites, a job
 *   list, their product pages, images and technical sheets), with the time it was saved. Not tied
 *   to a build: a deploy refreshes it (when online) instead of deleting it. Deleted at sign-out.
 * Nothing else is stored: no API answer, no cart, no account page the customer did not ask for.
 */
'use strict';

const VERSION = '__SW_VERSION__';
/** Every script, style and font of this build (server/pwa/script.ts). */
const BUILD_FILES = '__SW_BUILD_FILES__';
const PREFIX = 'cag-';
const STATIC = `${PREFIX}static-${VERSION}`;
const PAGES = `${PREFIX}pages-${VERSION}`;
const IMAGES = `${PREFIX}images-${VERSION}`;
const SAVED = `${PREFIX}saved`;
const SAVED_INDEX = '/__offline/saved.json';
const MAX_PAGES = 60;
const MAX_IMAGES = 400;
const SAVED_AT = 'x-cag-saved-at';
const TITLE = 'x-cag-title';

/** Pages never kept as "recently visited" (personal, transactional or staff), whatever their headers. */
const NEVER_RECENT = /^\/(api|admin|dashboard|cart|checkout|login|auth|access-request|forgot-password|reset-password|orcamento|quote-success|newsletter|dev|q)(\/|$)/;
const STATIC_PATH = /^\/(_next\/static\/|icons\/|favicon\.ico$|icon\.svg$|manifest\.webmanifest$)/;
const IMAGE_PATH = /^\/media\/(?!uploads\/.*\.pdf)/;
const DOCUMENT_PATH = /^\/documentos\//;

self.addEventListener('install', (event) => {
  // A new build takes over at once: pages are network-first, so nothing of the old build is served.
  event.waitUntil(
    caches
      .open(STATIC)
      .then((cache) => cache.addAll(['/manifest.webmanifest', '/icons/icon-192.png']).catch(() => undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter((name) => name.startsWith(PREFIX) && name !== SAVED && !name.endsWith(`-${VERSION}`));
      await Promise.all(stale.map((name) => caches.delete(name)));
      await self.clients.claim();
      if (stale.length > 0) {
        // Spec 4: the pages clear their cached product and cache keys from session storage.
        const open = await self.clients.matchAll({ type: 'window' });
        for (const client of open) client.postMessage({ type: 'SERVICE_WORKER_UPDATED', version: VERSION });
        // What the customer saved was rendered by the old build: fetched again with this one.
        refreshSaved().catch(() => undefined);
      }
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const reply = (message) => {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(message);
  };
  if (data.type === 'CACHE_URLS') {
    event.waitUntil(cacheUrls(data).then(reply, () => reply({ ok: false, saved: 0, failed: (data.urls || []).length })));
  } else if (data.type === 'PAGE_LOADED') {
    // The first page of a visit loaded before this worker was in control: kept now, with what it loaded.
    event.waitUntil(rememberLoaded(data).catch(() => undefined));
  } else if (data.type === 'PRECACHE') {
    event.waitUntil(precacheBuild().catch(() => undefined));
  } else if (data.type === 'CLAIM') {
    // A page that loaded while this worker was activating (it claimed the pages open then): taken now.
    event.waitUntil(self.clients.claim());
  } else if (data.type === 'GET_VERSION') {
    reply({ version: VERSION });
  } else if (data.type === 'GET_SAVED') {
    event.waitUntil(readIndex().then((index) => reply({ groups: index.groups })));
  } else if (data.type === 'FORGET_SAVED') {
    event.waitUntil(forgetGroup(String(data.group || '')).then(() => reply({ ok: true })));
  } else if (data.type === 'CLEAR_PERSONAL') {
    // Sign-out: what this visitor saved and what they browsed; the build's files stay.
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n === SAVED || n.startsWith(`${PREFIX}pages-`) || n.startsWith(`${PREFIX}images-`)).map((n) => caches.delete(n))))
        .then(() => reply({ ok: true })),
    );
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request, url));
    return;
  }
  if (STATIC_PATH.test(url.pathname)) {
    event.respondWith(cacheFirst(request, STATIC));
    return;
  }
  if (IMAGE_PATH.test(url.pathname) && request.destination === 'image') {
    event.respondWith(staleWhileRevalidate(request, IMAGES, event));
    return;
  }
  if (DOCUMENT_PATH.test(url.pathname)) {
    event.respondWith(networkThenSaved(request));
    return;
  }
  // A client-side navigation asks the page's React payload (RSC), never kept: a copy of the page
  // itself is fetched once it has arrived, so the page opened this way also opens offline.
  if (request.headers.get('RSC') === '1' && !request.headers.get('Next-Router-Prefetch') && isRecentCandidate(url)) {
    event.waitUntil(rememberPage(url));
  }
});

/** Network first; offline, the saved or recent copy marked with its date, else the offline page. */
async function navigation(request, url) {
  try {
    // `no-cache`: asked of the server every time (revalidated), never a stale copy of the
    // browser's HTTP cache passed off as the live page; offline, this fails and the copy below says
    // it is one.
    const response = await fetch(request, { cache: 'no-cache' });
    if (isRecentCandidate(url) && isStorable(response)) {
      const copy = response.clone();
      keepRecent(url, copy).catch(() => undefined);
    }
    return response;
  } catch {
    const cached = (await matchIn(SAVED, request)) || (await matchIn(PAGES, request));
    if (cached) return withOfflineNote(cached);
    return offlinePage(url);
  }
}

function isRecentCandidate(url) {
  return !NEVER_RECENT.test(url.pathname) && !url.pathname.startsWith('/__offline');
}

/** What a shared cache may store: a whole 200 HTML page, not personal, not a redirect. */
function isStorable(response) {
  if (!response || response.status !== 200 || response.redirected || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('Cache-Control') || '').toLowerCase();
  if (/(^|[\s,])(private|no-store)([\s,]|$)/.test(cacheControl)) return false;
  return (response.headers.get('Content-Type') || '').includes('text/html');
}

async function rememberPage(url) {
  // Let the navigation finish first: this copy is a courtesy, not on the customer's path.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const pageUrl = new URL(url.pathname + url.search, url.origin);
  pageUrl.searchParams.delete('_rsc');
  const response = await fetch(pageUrl.href, { credentials: 'same-origin', cache: 'no-cache', headers: { Accept: 'text/html' } });
  if (isStorable(response)) await keepRecent(pageUrl, response);
}

async function rememberLoaded(data) {
  const url = new URL(String(data.url || ''), self.location.origin);
  if (url.origin !== self.location.origin) return;
  if (isRecentCandidate(url)) {
    const response = await fetch(url.href, { credentials: 'same-origin', cache: 'no-cache', headers: { Accept: 'text/html' } });
    if (isStorable(response)) await keepRecent(url, response);
  }
  const assets = (Array.isArray(data.assets) ? data.assets : []).slice(0, 80);
  for (const href of assets) {
    if (typeof href !== 'string') continue;
    const asset = new URL(href, self.location.origin);
    if (asset.origin !== self.location.origin) continue;
    const name = STATIC_PATH.test(asset.pathname) ? STATIC : IMAGE_PATH.test(asset.pathname) ? IMAGES : null;
    if (!name || (await matchIn(name, asset.href))) continue;
    try {
      // The page has just loaded these: the browser's HTTP cache answers, not the server.
      const response = await fetch(asset.href, { credentials: 'same-origin', cache: 'force-cache' });
      if (response.ok && response.type === 'basic') await (await caches.open(name)).put(asset.href, response);
    } catch {
      /* offline again: the next visit keeps it */
    }
  }
}

/**
 * The build's files not kept yet, a few at a time: the parts of the page that load on first use
 * (menus, the cart, dialogs) then work offline too. Asked by every page once the worker is in
 * control, so an interrupted run goes on at the next page.
 */
let precaching = null;
function precacheBuild() {
  precaching ??= (async () => {
    const files = Array.isArray(BUILD_FILES) ? BUILD_FILES : [];
    const cache = await caches.open(STATIC);
    const missing = [];
    for (const file of files) if (!(await cache.match(file))) missing.push(file);
    for (let i = 0; i < missing.length; i += 2) {
      await Promise.all(
        missing.slice(i, i + 2).map(async (file) => {
          try {
            const response = await fetch(file, { credentials: 'same-origin', cache: 'force-cache' });
            if (response.ok) await cache.put(file, response);
          } catch {
            /* offline: the next page asks again */
          }
        }),
      );
    }
  })().finally(() => {
    precaching = null;
  });
  return precaching;
}

async function keepRecent(url, response) {
  const body = await response.text();
  const headers = storedHeaders(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  headers.set(TITLE, encodeURIComponent(titleOf(body)));
  const cache = await caches.open(PAGES);
  const key = new Request(url.href);
  // Most recent last: deleting first moves a revisited page to the end.
  await cache.delete(key);
  await cache.put(key, new Response(body, { status: 200, headers }));
  await trim(cache, MAX_PAGES);
}

async function trim(cache, max) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - max; i++) await cache.delete(keys[i]);
}

function titleOf(html) {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  return match ? decodeEntities(match[1]).trim() : '';
}

function decodeEntities(text) {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

async function matchIn(name, request) {
  if (!(await caches.has(name))) return undefined;
  const cache = await caches.open(name);
  return cache.match(request, { ignoreVary: true });
}

async function cacheFirst(request, name) {
  const cached = (await matchIn(name, request)) || (await matchIn(SAVED, request));
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(name).then((cache) => cache.put(request, copy)).catch(() => undefined);
  }
  return response;
}

async function staleWhileRevalidate(request, name, event) {
  const cached = (await matchIn(name, request)) || (await matchIn(SAVED, request));
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') {
      const cache = await caches.open(name);
      await cache.put(request, response.clone());
      await trim(cache, MAX_IMAGES);
    }
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

async function networkThenSaved(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await matchIn(SAVED, request);
    if (cached) return cached;
    throw err;
  }
}

// ── Saved on request ("Disponível offline") ─────────────────────────────────────────────────────

async function readIndex() {
  if (!(await caches.has(SAVED))) return { groups: {} };
  const cache = await caches.open(SAVED);
  const response = await cache.match(SAVED_INDEX);
  if (!response) return { groups: {} };
  try {
    const index = await response.json();
    return index && typeof index.groups === 'object' ? index : { groups: {} };
  } catch {
    return { groups: {} };
  }
}

async function writeIndex(index) {
  const cache = await caches.open(SAVED);
  await cache.put(SAVED_INDEX, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
}

/**
 * CACHE_URLS: { urls, group?: { id, label } }. Each URL is fetched with the visitor's cookies and
 * kept; an HTML page brings its scripts, styles, images and technical sheets along, and the answer
 * waits for the rest of the build's files (precacheBuild). The group (a job list, the favourites)
 * is remembered with the time it was saved.
 */
async function cacheUrls(data) {
  const urls = Array.isArray(data.urls) ? data.urls.filter((u) => typeof u === 'string').slice(0, 200) : [];
  const savedAt = new Date().toISOString();
  const cache = await caches.open(SAVED);
  const done = new Set();
  let saved = 0;
  let failed = 0;
  const queue = urls.map((u) => new URL(u, self.location.origin)).filter((u) => u.origin === self.location.origin);
  const assets = new Set();
  for (const url of queue) {
    if (done.has(url.href)) continue;
    done.add(url.href);
    try {
      const response = await fetch(url.href, { credentials: 'same-origin', cache: 'no-cache', headers: { Accept: 'text/html,*/*' } });
      // A short product link (/produtos/p/CODE) answers through a redirect: the page is kept under
      // both addresses, as the customer may follow either offline.
      const finalUrl = response.url && new URL(response.url).origin === self.location.origin ? response.url : url.href;
      if (!response.ok || new URL(finalUrl).pathname.startsWith('/login')) {
        failed++;
        continue;
      }
      const keys = finalUrl === url.href ? [url.href] : [url.href, finalUrl];
      done.add(finalUrl);
      const type = response.headers.get('Content-Type') || '';
      const headers = storedHeaders(response.headers);
      headers.set(SAVED_AT, savedAt);
      if (type.includes('text/html')) {
        const body = await response.text();
        for (const asset of assetsOf(body)) assets.add(asset);
        headers.set(TITLE, encodeURIComponent(titleOf(body)));
        for (const key of keys) await cache.put(key, new Response(body, { status: 200, headers }));
      } else {
        const body = await response.arrayBuffer();
        for (const key of keys) await cache.put(key, new Response(body, { status: 200, headers }));
      }
      saved++;
    } catch {
      failed++;
    }
  }
  // Assets: best effort (a missing image does not make the list unavailable offline).
  const list = [...assets].filter((href) => !done.has(href)).slice(0, 400);
  for (let i = 0; i < list.length; i += 6) {
    await Promise.all(
      list.slice(i, i + 6).map(async (href) => {
        try {
          const response = await fetch(href, { credentials: 'same-origin' });
          if (response.ok && !response.redirected) await cache.put(href, withSavedAt(response, savedAt));
        } catch {
          /* offline half-way: kept what arrived */
        }
      }),
    );
  }
  // The build's other scripts and styles: parts of a saved page load on first use (dialogs, the
  // price block, lazily loaded pieces) and must open offline too, however soon the signal goes.
  await precacheBuild().catch(() => undefined);
  if (data.group && typeof data.group.id === 'string') {
    const index = await readIndex();
    index.groups[data.group.id] = { label: String(data.group.label || ''), savedAt, urls: [...done] };
    await writeIndex(index);
  }
  return { ok: failed === 0 && saved > 0, saved, failed, savedAt };
}

function withSavedAt(response, savedAt) {
  const headers = storedHeaders(response.headers);
  headers.set(SAVED_AT, savedAt);
  return new Response(response.body, { status: response.status, headers });
}

/** Same-origin scripts, styles, images and technical sheets named by a page. */
function assetsOf(html) {
  const found = new Set();
  const pattern = /\b(?:src|href)="(\/(?:_next\/static\/|media\/|documentos\/)[^"]+)"/g;
  let match;
  while ((match = pattern.exec(html))) found.add(new URL(decodeEntities(match[1]), self.location.origin).href);
  return found;
}

async function forgetGroup(id) {
  const index = await readIndex();
  const group = index.groups[id];
  if (!group) return;
  delete index.groups[id];
  const stillUsed = new Set(Object.values(index.groups).flatMap((g) => g.urls || []));
  const cache = await caches.open(SAVED);
  for (const href of group.urls || []) if (!stillUsed.has(href)) await cache.delete(href);
  await writeIndex(index);
}

async function refreshSaved() {
  const index = await readIndex();
  for (const [id, group] of Object.entries(index.groups)) {
    await cacheUrls({ urls: group.urls || [], group: { id, label: group.label } });
  }
}

// ── Offline answers ─────────────────────────────────────────────────────────────────────────────

const DATE = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function when(iso) {
  const date = new Date(iso || '');
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * A cached page served offline says when it was saved: a one-line script at the top of <head> sets
 * `window.__cagOfflineSavedAt`, which the page's banner (components/pwa/offline-shell.tsx) shows
 * with the date of its prices. A script, not markup: React would remove an element or attribute it
 * did not render when it hydrates the document; the script has run by then. It carries the nonce
 * of the page's own Content-Security-Policy, kept with the copy.
 */
async function withOfflineNote(cached) {
  const type = cached.headers.get('Content-Type') || '';
  if (!type.includes('text/html')) return cached;
  const savedAt = cached.headers.get(SAVED_AT) || new Date(0).toISOString();
  const nonce = /'nonce-([A-Za-z0-9+/_=-]+)'/.exec(cached.headers.get('Content-Security-Policy') || '');
  const script = `<script${nonce ? ` nonce="${nonce[1]}"` : ''}>window.__cagOfflineSavedAt=${JSON.stringify(savedAt).replace(/</g, '\\u003c')};</script>`;
  const body = await cached.text();
  const html = body.replace(/<head[^>]*>/i, (tag) => `${tag}${script}`);
  return new Response(html, { status: 200, headers: storedHeaders(cached.headers) });
}

/** Headers of a copy whose body was read and written again: no longer compressed, another length. */
function storedHeaders(source) {
  const headers = new Headers(source);
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return headers;
}

async function pagesFor(name, limit) {
  if (!(await caches.has(name))) return [];
  const cache = await caches.open(name);
  const keys = await cache.keys();
  const pages = [];
  for (const request of keys.reverse()) {
    const response = await cache.match(request);
    if (!response || !(response.headers.get('Content-Type') || '').includes('text/html')) continue;
    const url = new URL(request.url);
    pages.push({ href: url.pathname + url.search, title: decodeURIComponent(response.headers.get(TITLE) || '') || url.pathname, savedAt: response.headers.get(SAVED_AT) });
    if (pages.length >= limit) break;
  }
  return pages;
}

async function offlinePage(url) {
  const [index, recent] = await Promise.all([readIndex(), pagesFor(PAGES, 50)]);
  const saved = Object.values(index.groups)
    .filter((group) => group.urls && group.urls[0])
    .map((group) => {
      const first = new URL(group.urls[0]);
      return { href: first.pathname + first.search, title: group.label || first.pathname, savedAt: group.savedAt };
    });
  const item = (page) =>
    `<li><a href="${escapeHtml(page.href)}">${escapeHtml(page.title.replace(/\s*[|·–—-]\s*Casa das Águas.*$/i, ''))}</a>` +
    (page.savedAt ? ` <small>guardada a ${escapeHtml(when(page.savedAt))}</small>` : '') +
    '</li>';
  const section = (title, pages) => (pages.length ? `<h2>${title}</h2><ul>${pages.map(item).join('')}</ul>` : '');
  const html = `<!doctype html>
<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sem ligação à internet · Casa das Águas de Gaia</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
p{margin:.5rem 0;color:#334155}ul{padding-left:1.2rem}li{margin:.3rem 0}a{color:#075985}small{color:#64748b}
button{font:inherit;background:#0369a1;color:#fff;border:0;border-radius:.4rem;padding:.6rem 1.1rem;cursor:pointer;margin-top:.5rem}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style></head>
<body><main>
<h1>Sem ligação à internet</h1>
<p>Esta página (<code>${escapeHtml(url.pathname)}</code>) ainda não foi aberta neste aparelho, por isso não está disponível sem rede.</p>
<p>Pesquisar, alterar o carrinho, encomendar e enviar formulários precisam de ligação. Assim que a rede voltar, tente de novo.</p>
<button type="button" onclick="location.reload()">Tentar novamente</button>
${section('Disponível offline', saved)}
${section('Páginas guardadas neste aparelho', recent)}
${saved.length + recent.length === 0 ? '<p>Ainda não há páginas guardadas neste aparelho.</p>' : '<p><small>Preços e disponibilidade das páginas guardadas são os da data indicada.</small></p>'}
</main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
