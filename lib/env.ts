/**
 * Typed environment: the only module that reads `process.env`.
 * Values are read lazily so that scripts and tests can set them before first use.
 */
import path from 'node:path';
import { z } from 'zod';

/** Sender of every e-mail when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = '"Casa das Águas de Gaia" <noreply@casadasaguasgaia.pt>';

/** The IBAN of bank transfers when SHOP_IBAN is not set (valid check digits, no real account). */
export const DEMO_IBAN = 'PT50003500010001234567805';

/** The shop's NIF on documents when SHOP_NIF is not set (valid check digit, invented). */
export const DEMO_NIF = '509123457';

/** An optional variable, trimmed; empty counts as unset. */
const unsetWhenEmpty = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));

/** A provider key such as `ABC-123456`: unset or empty = not configured. */
function providerKey(name: string) {
  return unsetWhenEmpty()
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, `${name}: chave inválida / invalid key`).optional());
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: unsetWhenEmpty(),
  DATA_DIR: z.string().trim().optional(),
  /**
   * Object storage (server/storage/s3.ts): set, every file the shop keeps goes to this S3 bucket
   * (AWS S3, Supabase Storage's S3 endpoint, Cloudflare R2, MinIO); unset, the filesystem under
   * DATA_DIR. The rest is the AWS SDK's own configuration: AWS_ENDPOINT_URL_S3, AWS_REGION,
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY.
   */
  S3_BUCKET: unsetWhenEmpty()
    .pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: nome de bucket inválido / invalid bucket name').optional()),
  /** A prefix for every key in the bucket (`loja/`), so that one bucket can hold several shops or environments. */
  S3_PREFIX: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/^\/+/, '').replace(/\/*$/, '/') : '')),
  /** Path-style addresses (`endpoint/bucket/key`): on whenever AWS_ENDPOINT_URL_S3 is set, unless this is `0`. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false', '']).optional(),
  AWS_ENDPOINT_URL_S3: unsetWhenEmpty()
    .pipe(z.url('AWS_ENDPOINT_URL_S3: endereço inválido / invalid URL').optional()),
  AWS_REGION: z.string().trim().optional(),
  /**
   * Redis (server/redis/client.ts), optional: set, it holds the shared rate-limit counters, the
   * sessions (better-auth's secondary storage, PostgreSQL keeping every session too), a shared
   * layer under each instance's page/data cache and the published cache invalidations. Unset, or
   * unreachable, everything runs on PostgreSQL as without it. `redis://[user:password@]host:port[/db]`
   * or `rediss://` for TLS.
   */
  REDIS_URL: unsetWhenEmpty()
    .pipe(z.string().regex(/^rediss?:\/\/[^\s]+$/, 'REDIS_URL deve começar por redis:// ou rediss:// / must start with redis:// or rediss://').optional()),
  /** Prefix of every Redis key and channel of the shop (several shops or environments may share one Redis). */
  REDIS_PREFIX: z.string().trim().regex(/^[A-Za-z0-9:_-]{0,40}$/, 'REDIS_PREFIX: letras, algarismos, : _ - / letters, digits, : _ -').default('cag:'),
  /** Time limit (ms) of each Redis command: past it the request goes on without Redis (on PostgreSQL). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(5_000).default(150),
  /** Folder the ERP (PHC) drops its client and price exports in (default `DATA_DIR/phc-inbox`). */
  PHC_INBOX_DIR: z.string().trim().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.string().trim().url().optional(),
  PRODUCTION_HOSTS: z.string().trim().optional(),
  /**
   * With PRODUCTION_HOSTS set: the other hosts of this deployment where every feature is on
   * (comma-separated; the SITE_URL host counts too). Any host not listed gets the production flags.
   */
  FULL_FEATURE_HOSTS: z.string().trim().optional(),
  DEMO_SEED: z.coerce.number().int().default(1967),
  /** How often (ms) each server instance reads the shared cache-invalidation log. */
  CACHE_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Memory (MB) of the page and data cache of each server instance (server/cache/next-handler.cjs). */
  CACHE_MAX_MEMORY_MB: z.coerce.number().int().min(8).max(65_536).default(256),
  /** PostgreSQL: statement timeout (ms) of each product search (server/search/engine.ts). */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  /** How often (ms) the log of searches with few results is written (server/search/search-log.ts); 0: only when asked (tests). */
  SEARCH_LOG_FLUSH_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  SKIP_DEMO_SEED: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  SMTP_URL: unsetWhenEmpty(),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || DEFAULT_MAIL_FROM),
  SHOP_NOTIFY_EMAIL: unsetWhenEmpty()
    .pipe(z.email().optional()),
  /**
   * IBAN the customers pay bank transfers to (shown on the order, the success page and the mail).
   * Default: a demo IBAN that names no real account.
   */
  SHOP_IBAN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : DEMO_IBAN))
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'SHOP_IBAN deve ser um IBAN / must be an IBAN')),
  /** The shop's NIF (tax number) printed on order documents. Default: an invented demo NIF. */
  SHOP_NIF: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/^PT/i, '').replace(/\s+/g, '') : DEMO_NIF))
    .pipe(z.string().regex(/^\d{9}$/, 'SHOP_NIF deve ter 9 algarismos / must be 9 digits')),
  /**
   * ifthenpay, the payment provider of Multibanco references and MB WAY (server/payments/ifthenpay).
   * A method is offered only when its key and the anti-phishing key are set. The base URL is
   * ifthenpay's API by default; tests and `npm run fake:payments` point it at a local fake.
   */
  IFTHENPAY_API_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : 'https://api.ifthenpay.com'))
    .pipe(z.url('IFTHENPAY_API_URL deve ser um URL / must be a URL')),
  IFTHENPAY_MB_KEY: providerKey('IFTHENPAY_MB_KEY'),
  IFTHENPAY_MBWAY_KEY: providerKey('IFTHENPAY_MBWAY_KEY'),
  /** The anti-phishing key ifthenpay puts in every callback (set in its backoffice). */
  IFTHENPAY_ANTI_PHISHING_KEY: unsetWhenEmpty()
    .pipe(z.string().min(8, 'IFTHENPAY_ANTI_PHISHING_KEY deve ter pelo menos 8 caracteres / must be at least 8 characters').max(200).optional()),
  /** Days a Multibanco reference can be paid (0: the reference does not expire). */
  IFTHENPAY_MB_EXPIRY_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** Time limit (ms) of each call to the provider's API. */
  IFTHENPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Days a quote's answer stays valid unless staff set a date (default 30, 1–365). */
  QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(365).optional(),
  ENABLE_DEV_OUTBOX: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  BETTER_AUTH_SECRET: unsetWhenEmpty()
    .pipe(z.string().min(32, 'BETTER_AUTH_SECRET deve ter pelo menos 32 caracteres / must be at least 32 characters').optional()),
  /** Extra origins allowed to call /api/auth (comma-separated), besides SITE_URL. */
  AUTH_TRUSTED_ORIGINS: z.string().trim().optional(),
  /** Multiplies the per-IP abuse limits (end-to-end tests drive every browser from one IP). */
  AUTH_RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Reverse proxies in front of scripts/serve.mjs (0: the socket address is the client IP; N: the
   * Nth X-Forwarded-For hop from the right). serve.mjs applies it (scripts/client-ip.mjs, same rule).
   */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(99).default(0),
  /** Lowest level written to the JSON logs on standard output (server/log.ts; default `info`). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The `instance` field of every log line (default `hostname:pid`). */
  INSTANCE_ID: unsetWhenEmpty()
    .pipe(z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'INSTANCE_ID: letras, algarismos, . _ : - / letters, digits, . _ : -').optional()),
  /**
   * Bearer token of the Prometheus endpoint /metrics (app/api/metrics): unset, the endpoint answers
   * 404 (off); set, a scrape without `Authorization: Bearer <token>` gets 401.
   */
  METRICS_TOKEN: unsetWhenEmpty()
    .pipe(z.string().min(16, 'METRICS_TOKEN deve ter pelo menos 16 caracteres / must be at least 16 characters').optional()),
  /** How long a password-recovery link works (seconds; default 1 hour). */
  AUTH_RESET_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  /** The first administrator, created at start when no user has this e-mail. */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  IP_HASH_SALT: unsetWhenEmpty(),
  /**
   * Demo accounts (known passwords, README): unset = only in a local demo (demo catalogue, no
   * PRODUCTION_HOSTS, SITE_URL not https); `1` = always on an http SITE_URL, even with
   * PRODUCTION_HOSTS and through imports (the end-to-end server), refused with an https SITE_URL;
   * `0` = never (server/auth/accounts.ts demoAccountsRule).
   */
  DEMO_ACCOUNTS: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === '1' || v === 'true' ? 'on' : v === '0' || v === 'false' ? 'off' : 'auto')),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Configuração inválida no ambiente: ${detail}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Forget the parsed environment (tests change variables between cases). */
export function resetEnvCache(): void {
  cached = undefined;
}

/**
 * True inside a running Next.js server (set by Next itself): not during `next build`, not in
 * scripts or tests. The shared cache and its invalidation poller exist only there.
 */
export function isNextServer(): boolean {
  return process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build';
}

/**
 * True in a worker of `npm start`: scripts/start.mjs applied the migrations (scripts/db-prepare.ts)
 * before it started its workers and tells them so, so a worker — one restarted after a crash
 * included — opens the database without checking them again.
 */
export function migratedAtStart(): boolean {
  return process.env.CAG_DB_MIGRATED === '1';
}

/** The data folder of the embedded database and of stored files (default ./.data). */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR || '.data');
}

export function siteUrl(): string {
  return (env().SITE_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, '');
}

function hostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter(Boolean);
}

export function productionHosts(): string[] {
  return hostList(env().PRODUCTION_HOSTS);
}

/**
 * Which hosts get which feature flags (lib/flags `flagsForRequest`): the production hosts, and
 * the hosts where every feature is on when production hosts are configured — the host of an
 * explicitly set SITE_URL and FULL_FEATURE_HOSTS (never the default localhost).
 */
export function hostFlagConfig(): { production: string[]; fullFeature: string[] } {
  const production = productionHosts();
  const configuredSite = env().SITE_URL ? new URL(env().SITE_URL!).hostname.toLowerCase() : null;
  const fullFeature = [...(configuredSite ? [configuredSite] : []), ...hostList(env().FULL_FEATURE_HOSTS)].filter(
    (h) => !production.includes(h),
  );
  return { production, fullFeature };
}

/** SITE_URL is an https address (a public deployment: Secure cookies, no demo accounts). */
export function siteIsHttps(e: Env = env()): boolean {
  return (e.SITE_URL ?? '').toLowerCase().startsWith('https://');
}

/**
 * A real deployment: `NODE_ENV=production` (what `npm start` runs) with an https SITE_URL or
 * PRODUCTION_HOSTS set. There the start refuses a missing or weak secret (server/config/production.ts)
 * and nothing falls back to a built-in secret.
 */
export function isProductionDeployment(e: Env = env()): boolean {
  return e.NODE_ENV === 'production' && (siteIsHttps(e) || Boolean(e.PRODUCTION_HOSTS));
}

/** Public salt of the IP hashes, for local use only (a deployment must set IP_HASH_SALT). */
const DEV_IP_HASH_SALT = 'casa-das-aguas-de-gaia:ip';

/** IP_HASH_SALT, or outside a production deployment a public default. */
export function ipHashSalt(): string {
  const salt = env().IP_HASH_SALT;
  if (salt) return salt;
  if (isProductionDeployment()) throw new Error('IP_HASH_SALT em falta em produção / IP_HASH_SALT is missing in production.');
  return DEV_IP_HASH_SALT;
}
