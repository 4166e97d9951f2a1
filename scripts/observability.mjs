/**
 * Logs and metrics shared by scripts/serve.mjs (plain Node, no compile step) and the Next bundle
 * (server/log.ts, server/metrics): one pino logger and one prom-client registry per process, kept
 * on globalThis because Next may load a module twice and serve.mjs loads its own copy.
 * Types: observability.d.mts.
 *
 * Logs: JSON lines on standard output with `level`, `time`, `instance` (INSTANCE_ID, else
 * hostname:pid) and `msg`. Nothing personal or secret is written: keys that hold e-mails, names,
 * addresses, phones, tax numbers, passwords, tokens, cookies or prices are replaced by
 * "[redacted]" at any depth, and the texts (messages, error messages and stacks) have e-mail
 * addresses, bearer tokens, long hex tokens, secrets in query strings and euro amounts masked.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import client from 'prom-client';

const LOG = Symbol.for('cag.log');
const REGISTRY = Symbol.for('cag.metrics.registry');

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Keys (compared without case, `-` and `_`) whose values never reach a log line. */
export const REDACTED_KEYS = [
  'email', 'to', 'from', 'cc', 'bcc', 'replyto', 'recipient',
  'name', 'firstname', 'lastname', 'fullname', 'contactname', 'companyname',
  'phone', 'mobile', 'nif', 'vat', 'taxid',
  'address', 'street', 'line1', 'line2', 'postalcode', 'zip', 'city', 'ip',
  'password', 'newpassword', 'currentpassword', 'token', 'accesstoken', 'refreshtoken', 'sessiontoken',
  'secret', 'apikey', 'key', 'authorization', 'cookie', 'setcookie', 'iban', 'otp', 'totp', 'backupcode',
  'price', 'prices', 'pricecents', 'unitprice', 'unitpricecents', 'total', 'totalcents', 'subtotal',
  'subtotalcents', 'amount', 'amountcents', 'netprice', 'discount',
];
const REDACTED = new Set(REDACTED_KEYS);
const normalKey = (key) => key.toLowerCase().replace(/[-_]/g, '');

/** Masks what a free text may carry: e-mails, bearer tokens, long hex tokens, query-string secrets, euro amounts. */
export function scrubText(text) {
  if (typeof text !== 'string' || text === '') return text;
  return text
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
    .replace(/([?&](?:token|key|secret|code|password|signature|sig)=)[^&\s"']+/gi, '$1[redacted]')
    .replace(/\b[0-9a-f]{32,}\b/gi, '[token]')
    .replace(/\b[A-Za-z0-9_-]{40,}\b/g, '[token]')
    .replace(/(?:€\s?-?\d[\d.\s]*(?:,\d+)?|-?\d[\d.\s]*(?:,\d{1,2})?\s?(?:€|EUR\b))/g, '[valor]');
}

/** A copy of `value` with the redacted keys replaced and every text scrubbed (depth-bounded). */
export function scrubValue(value, depth = 0) {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrubValue(v, depth + 1));
  if (value instanceof Date) return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = REDACTED.has(normalKey(key)) ? '[redacted]' : scrubValue(v, depth + 1);
  }
  return out;
}

/** An error as a log field: type, message and stack (scrubbed), code, and its cause. */
export function serializeError(err, depth = 0) {
  if (!(err instanceof Error)) return scrubValue(err, depth + 1);
  const out = { type: err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') };
  const code = /** @type {{ code?: unknown }} */ (err).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  const cause = /** @type {{ cause?: unknown }} */ (err).cause;
  if (cause !== undefined && depth < 3) out.cause = cause instanceof Error ? serializeError(cause, depth + 1) : scrubValue(cause, depth + 1);
  return out;
}

/** The `instance` field: INSTANCE_ID, else hostname:pid. */
export function instanceId() {
  const given = process.env.INSTANCE_ID?.trim();
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : `${os.hostname()}:${process.pid}`;
}

function levelFromEnv() {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase();
  return level && LEVELS.includes(level) ? level : 'info';
}

function holder() {
  const g = /** @type {Record<symbol, any>} */ (globalThis);
  return (g[LOG] ??= { logger: null, capture: null, stdout: null });
}

/** The process's logger (created on first use). */
export function sharedLogger() {
  const h = holder();
  if (h.logger) return h.logger;
  const stream = {
    write(line) {
      if (h.capture) h.capture(line);
      else (h.stdout ??= pino.destination({ dest: 1, sync: true })).write(line);
    },
  };
  h.logger = pino(
    {
      level: levelFromEnv(),
      base: { instance: instanceId() },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrubValue(object),
      },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // Texts passed as the message (and its format arguments) are scrubbed too.
        logMethod(args, method) {
          return method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
        },
      },
    },
    stream,
  );
  return h.logger;
}

/**
 * Tests: every log line goes to `lines` (parsed) instead of standard output until `restore()`;
 * the level is lowered to `debug` meanwhile.
 */
export function captureLogs() {
  const h = holder();
  const logger = sharedLogger();
  const lines = [];
  const previous = { capture: h.capture, level: logger.level };
  h.capture = (line) => lines.push(JSON.parse(line));
  logger.level = 'debug';
  return {
    lines,
    restore() {
      h.capture = previous.capture;
      logger.level = previous.level;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** The process's prom-client registry, with Node's default metrics (event-loop lag, memory, GC…). */
export function sharedRegistry() {
  const g = /** @type {Record<symbol, any>} */ (globalThis);
  if (g[REGISTRY]) return g[REGISTRY];
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  g[REGISTRY] = registry;
  return registry;
}

/** A metric of the shared registry, made on first use (the same name never registers twice). */
export function metric(name, make) {
  const registry = sharedRegistry();
  return registry.getSingleMetric(name) ?? make(registry);
}

export { client as promClient };

/** Seconds buckets of request durations: 5 ms … 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function httpDuration() {
  return metric(
    'http_request_duration_seconds',
    (registry) =>
      new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Duração dos pedidos HTTP, por método, rota (padrão de rota, não o caminho) e estado.',
        labelNames: ['method', 'route', 'status'],
        buckets: DURATION_BUCKETS,
        registers: [registry],
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// Route patterns: a path as the route that answers it (`/api/orders/[id]`), so that metric labels
// stay bounded (one per route of the app, not one per product or order).

/**
 * The route patterns of the build (`.next/routes-manifest.json`), as matchers. Pages live under
 * `app/[site]/…` (proxy.ts rewrites to them): a public path is matched as `/<site>/<path>` and
 * labelled without the `[site]` segment.
 */
export function loadRoutes(root) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next', 'routes-manifest.json'), 'utf8'));
    const statics = new Set((manifest.staticRoutes ?? []).map((r) => r.page));
    const dynamic = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
    return { statics, dynamic };
  } catch {
    return null;
  }
}

const SITE = '/[site]';
const OTHER = 'other';

/** The route pattern of `pathname` (without query), or `other`; bounded by the app's routes. */
export function routeLabel(pathname, routes) {
  if (pathname === '/metrics') return '/metrics';
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  if (pathname.startsWith('/_next/')) return '/_next';
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!routes) {
    // No build manifest (development): the first segment (two under /api), never an id.
    const parts = clean.split('/').filter(Boolean);
    if (parts.length === 0) return '/';
    const keep = parts[0] === 'api' ? 2 : 1;
    return `/${parts.slice(0, keep).join('/')}${parts.length > keep ? '/…' : ''}`.replace(/[^\w/…-]/g, '_').slice(0, 60);
  }
  if (routes.statics.has(clean) && !clean.startsWith(SITE)) return clean;
  for (const route of routes.dynamic) {
    if (route.page === SITE || route.page.startsWith(`${SITE}/`)) continue;
    if (route.regex.test(clean)) return route.page;
  }
  const sitePath = clean === '/' ? '/_s' : `/_s${clean}`;
  if (routes.statics.has(`${SITE}${clean === '/' ? '' : clean}`)) return clean;
  for (const route of routes.dynamic) {
    if (route.page !== SITE && !route.page.startsWith(`${SITE}/`)) continue;
    if (route.regex.test(sitePath)) return route.page === SITE ? '/' : route.page.slice(SITE.length);
  }
  return OTHER;
}

// ---------------------------------------------------------------------------------------------
// One log line and one histogram observation per request

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's x-request-id when it is a sane token, else a new one. */
export function requestIdFor(given) {
  const value = Array.isArray(given) ? given[0] : given;
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * For scripts/serve.mjs: gives the request its id (request header for the app, response header for
 * the client) and, when the answer is finished (or the connection closed), writes one log line
 * (`method`, `url` = path without query, `route`, `status`, `durationMs`, `requestId`) and observes
 * the duration histogram.
 */
export function createRequestObserver(root) {
  const logger = sharedLogger();
  const histogram = httpDuration();
  let routes = loadRoutes(root);
  let loadedAt = Date.now();
  return function observe(req, res) {
    const started = process.hrtime.bigint();
    // The path as the client sent it (serve.mjs may rewrite req.url before Next).
    const url = (req.url ?? '/').split(/[?#]/, 1)[0] || '/';
    const requestId = requestIdFor(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (!routes && Date.now() - loadedAt > 10_000) {
        routes = loadRoutes(root);
        loadedAt = Date.now();
      }
      const route = routeLabel(url, routes);
      const status = res.writableFinished ? res.statusCode : 499;
      histogram.observe({ method: req.method ?? 'GET', route, status: String(status) }, seconds);
      const level = status >= 500 ? 'error' : 'info';
      logger[level](
        { method: req.method, url: url.length > 300 ? `${url.slice(0, 300)}…` : url, route, status, durationMs: Math.round(seconds * 10_000) / 10, requestId },
        'request',
      );
    };
    res.once('finish', finish);
    res.once('close', finish);
  };
}
