import 'server-only';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { getDatabase, type Database, type DbOrTx } from '@/server/db/client';
import { isBackgroundProcess } from '@/server/process-role';
import { logger } from '@/server/log';
import { jobFailed } from '@/server/metrics/jobs';

const log = logger('jobs');

/**
 * Background jobs in PostgreSQL with pg-boss 10 (the last major that runs on Node 20),
 * in its own schema `pgboss`, created and migrated by pg-boss at first start. pg-boss never opens
 * a connection of its own here: it runs its SQL through the app's database (`db.executeSql`), on
 * PGlite as on a node-postgres pool, and a job is enqueued **inside** a use case's transaction
 * (`enqueue(tx, …)`), so it exists exactly when the use case commits.
 *
 * The worker is one function, `processDueJobs()`: it fetches due jobs (`FOR UPDATE SKIP LOCKED`
 * inside pg-boss, so several server instances share the work), runs each handler, completes it or
 * fails it (retried with exponential backoff up to the queue's retry limit, then left `failed`).
 * A handler may complete its job inside its own transaction (`complete(tx)`), so that its effect
 * and the job's completion commit together. The server calls it every few seconds
 * (`startJobWorker`, started by server/background.ts); tests call it directly.
 */

export const JOB_QUEUES = {
  orderMail: 'order-mail',
  orderPdf: 'order-pdf',
  priceList: 'price-list',
  /** Asks the payment provider for a Multibanco reference / the MB WAY request (server/payments/ifthenpay). */
  paymentRequest: 'payment-request',
  quoteMail: 'quote-mail',
  quoteExpire: 'quote-expire',
  quotePdf: 'quote-pdf',
  /** The customer's mail of an order status change made by staff (server/orders/status-mails.ts). */
  orderStatusMail: 'order-status-mail',
  /** The ERP inbox check (server/erp/inbox.ts): new client and price files in the watched folder. */
  erpInbox: 'erp-inbox',
  /** A campaign starts or ends: its pages and the home carousel are refreshed (server/campaigns/schedule.ts). */
  campaignBoundary: 'campaign-boundary',
  /** The answer to an access request (approved, with the set-password link, or rejected): server/pro-accounts/mails-job.ts. */
  accessRequestMail: 'access-request-mail',
  /** Renders a technical sheet to PDF (server/technical-sheets/pdf.ts). */
  technicalSheetPdf: 'technical-sheet-pdf',
  /** The hourly purge of old outbox mails and spent limit counters (server/maintenance/purge.ts). */
  maintenance: 'maintenance',
} as const;
export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/**
 * Retry policy of every queue: 10 attempts, 30 s doubling (30 s, 1 min, 2 min … ≈ 4 h), and 60 s
 * to finish. The expiry is also how long a job whose worker died (a crash, a SIGKILL) stays
 * `active` before pg-boss's supervisor fails it and it is retried: pg-boss cannot tell a dead
 * worker from a slow one. 60 s is above the longest handler (an order mail is bounded by the SMTP
 * timeouts of server/mail/send.ts; a PDF of hundreds of lines takes a few seconds), and a handler
 * that still overruns it is safe: the mail's row lock makes the retry wait and find it sent, and a
 * PDF written twice is the same file. A longer expiry holds back the mails of a crashed worker:
 * with 300 s they waited up to 7 minutes.
 */
const QUEUE_OPTIONS = { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 } as const;

/** How often the supervisor (one instance at a time) fails expired jobs into retries and archives finished ones. */
const MAINTENANCE_SECONDS = 30;

const POLL_MS = 2_000;

interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}
interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's SQL on the process database: PGlite runs parameterless scripts with `exec` (several statements). */
function processExecutor(database: Database): Executor {
  const client = (database.db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if (database.driver === 'pglite') {
    const pglite = client as PgliteLike;
    return {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results[results.length - 1]?.rows ?? [] };
        }
        return { rows: (await pglite.query(text, values)).rows };
      },
    };
  }
  const pool = client as PoolLike;
  return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
}

/** `$1 … $n` of pg-boss's statements as Drizzle parameters, so they run on a transaction handle. */
function statement(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  });
  return sql.join(chunks, sql``);
}

/** pg-boss's connection option for a statement inside a Drizzle transaction (or on a Drizzle database). */
export function onConnection(db: DbOrTx): { db: Executor } {
  return {
    db: {
      async executeSql(text, values) {
        const result = (await db.execute(statement(text, values ?? []))) as unknown as { rows: unknown[] };
        return { rows: result.rows };
      },
    },
  };
}

interface Holder {
  bosses: WeakMap<object, Promise<PgBoss>>;
}
const holder: Holder = ((globalThis as { __shopJobs?: Holder }).__shopJobs ??= { bosses: new WeakMap() });

async function startBoss(database: Database, supervise: boolean): Promise<PgBoss> {
  const boss = new PgBoss({
    db: processExecutor(database) as PgBoss.Db,
    schema: 'pgboss',
    supervise,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  // An error of the supervisor (database restarting…) must not crash the process.
  boss.on('error', (err: Error) => log.error({ err }, 'pg-boss'));
  await boss.start();
  for (const name of Object.values(JOB_QUEUES)) {
    const queue = await boss.getQueue(name);
    if (queue) {
      // A database made by an earlier version keeps its queues: bring their policy up to date.
      const current = queue as unknown as Record<string, unknown>;
      if (Object.entries(QUEUE_OPTIONS).some(([k, v]) => current[k] !== v)) await boss.updateQueue(name, { name, ...QUEUE_OPTIONS });
      continue;
    }
    try {
      await boss.createQueue(name, { name, ...QUEUE_OPTIONS });
    } catch (err) {
      // Another instance created it meanwhile.
      if (!(await boss.getQueue(name))) throw err;
    }
  }
  return boss;
}

/** The process's pg-boss on the process database, started (schema and queues ready) on first use. */
export async function getJobs(options: { supervise?: boolean } = {}): Promise<PgBoss> {
  const database = await getDatabase();
  let boss = holder.bosses.get(database.db);
  if (!boss) {
    boss = startBoss(database, options.supervise ?? isBackgroundProcess());
    holder.bosses.set(database.db, boss);
    boss.catch(() => holder.bosses.delete(database.db));
  }
  return boss;
}

export interface JobPayloads {
  'order-mail': { orderId: number; kind: 'confirmation' | 'shop_notice' };
  'order-pdf': { orderId: number };
  'price-list': { exportId: string };
  'payment-request': { orderId: number };
  /** `token`: a guest's private link, only in the acknowledgement's job (the quote keeps its hash). */
  'quote-mail': { mailId: number; token?: string };
  'quote-expire': { quoteId: number };
  'quote-pdf': { quoteId: number };
  'order-status-mail': { eventId: number };
  'erp-inbox': { at: string };
  'campaign-boundary': { campaignId: number; slug: string };
  /** `token`: the set-password link of a user created by the approval (the verification row keeps it too). */
  'access-request-mail': { requestId: number; token?: string };
  'technical-sheet-pdf': { sheetId: number };
  maintenance: { at: string };
}

/**
 * A delayed start as an absolute time: through the statement adapter above each `$n` of
 * pg-boss's insert is its own parameter, and the one cast to timestamptz must parse even when the
 * relative branch is taken — a number of seconds there is "out of range".
 */
function startAfter(seconds: number | undefined, at: Date | undefined): { startAfter?: Date } {
  if (at) return { startAfter: at };
  return seconds && seconds > 0 ? { startAfter: new Date(Date.now() + seconds * 1000) } : {};
}

/**
 * Enqueues a job inside the caller's transaction: it exists only if that transaction commits.
 * Call `getJobs()` before opening the transaction (on PGlite the transaction holds the only
 * connection, and starting pg-boss needs it).
 */
export async function enqueue<Q extends JobQueue>(
  tx: DbOrTx,
  queue: Q,
  data: JobPayloads[Q],
  options: { singletonKey?: string; startAfterSeconds?: number; startAfter?: Date } = {},
): Promise<string | null> {
  const boss = await getJobs();
  return boss.send(queue, data, { ...onConnection(tx), singletonKey: options.singletonKey, ...startAfter(options.startAfterSeconds, options.startAfter) });
}

export interface JobContext {
  id: string;
  /** Completes the job on this transaction handle (commits with the handler's own writes). */
  complete(tx: DbOrTx): Promise<void>;
}

export type JobHandler<Q extends JobQueue> = (data: JobPayloads[Q], job: JobContext) => Promise<void>;

const handlers = new Map<JobQueue, JobHandler<JobQueue>>();

export function registerJobHandler<Q extends JobQueue>(queue: Q, handler: JobHandler<Q>): void {
  handlers.set(queue, handler as unknown as JobHandler<JobQueue>);
}

/** Handlers are registered by the modules that own them; loading them here keeps the worker complete. */
async function loadHandlers(): Promise<void> {
  await import('@/server/orders/mails');
  await import('@/server/orders/pdf');
  await import('@/server/price-lists/job');
  await import('@/server/payments/ifthenpay/request');
  await import('@/server/quotes/mails');
  await import('@/server/quotes/pdf');
  await import('@/server/orders/status-mails');
  await import('@/server/erp/inbox');
  await import('@/server/campaigns/schedule');
  await import('@/server/pro-accounts/mails-job');
  await import('@/server/technical-sheets/pdf');
  await import('@/server/maintenance/purge');
}

export interface JobRunSummary {
  completed: number;
  failed: number;
}

/**
 * Runs the due jobs of every queue until none is due (or `maxJobs` ran): the worker's one step.
 * Jobs are fetched a few at a time (`batchSize`): a fetched job is `active` until it completes,
 * and if this process dies it stays so until its expiry, so a small batch strands few jobs.
 * A handler that throws fails its job (retried later with backoff, or left failed at the limit);
 * a failed job is not due again within the same step.
 */
export async function processDueJobs(batchSize = 5, maxJobs = 500): Promise<JobRunSummary> {
  await loadHandlers();
  const boss = await getJobs();
  // On PostgreSQL the jobs of a batch run side by side (mostly waiting on SMTP; the row locks keep
  // them apart, and at most `batchSize` of the pool's connections are theirs). PGlite has one
  // connection, which a mail's transaction holds while SMTP answers: one job at a time there.
  const onPostgres = (await getDatabase()).driver === 'postgres';
  // Mails go one at a time even there: a crash (SIGKILL) after the SMTP server accepted a mail
  // and before its commit sends it again on the retry, so every mail in flight at that moment is
  // a possible duplicate — one at a time, at most one (npm run chaos:orders measures it).
  const serialQueues: readonly JobQueue[] = [JOB_QUEUES.orderMail, JOB_QUEUES.quoteMail, JOB_QUEUES.accessRequestMail, JOB_QUEUES.orderStatusMail, JOB_QUEUES.erpInbox];
  const summary: JobRunSummary = { completed: 0, failed: 0 };
  for (const queue of Object.values(JOB_QUEUES)) {
    const handler = handlers.get(queue);
    if (!handler) continue;
    for (;;) {
      const jobs = await boss.fetch<JobPayloads[typeof queue]>(queue, { batchSize });
      const run = async (job: (typeof jobs)[number]) => {
        let completed = false;
        try {
          await handler(job.data, {
            id: job.id,
            complete: async (tx) => {
              await boss.complete(queue, job.id, {}, onConnection(tx));
              completed = true;
            },
          });
          if (!completed) await boss.complete(queue, job.id);
          summary.completed++;
        } catch (err) {
          summary.failed++;
          const message = err instanceof Error ? err.message : String(err);
          log.error({ err, queue, jobId: job.id }, 'tarefa falhou');
          jobFailed(queue);
          await boss.fail(queue, job.id, { message }).catch((e: unknown) => log.error({ err: e, queue, jobId: job.id }, 'falha da tarefa por registar'));
        }
      };
      if (onPostgres && !serialQueues.includes(queue)) await Promise.all(jobs.map(run));
      else for (const job of jobs) await run(job);
      if (jobs.length < batchSize || summary.completed + summary.failed >= maxJobs) break;
    }
  }
  return summary;
}

/**
 * Makes a job that is waiting for its retry due now: for a handler that refused to run until
 * something happened (a Multibanco confirmation mail waiting for its reference), once it has.
 */
export async function runRetryNow(db: DbOrTx, queue: JobQueue, singletonKey: string): Promise<void> {
  await getJobs();
  await db.execute(sql`
    update pgboss.job set start_after = now()
     where name = ${queue} and singleton_key = ${singletonKey} and state = 'retry' and start_after > now()`);
}

const WORKER = Symbol.for('cag.jobs.worker');
const WAKE = Symbol.for('cag.jobs.wake');

/** Runs the worker's next step now instead of at the next poll (after a commit that enqueued jobs); nothing without a worker. */
export function wakeJobWorker(): void {
  const wake = (globalThis as { [WAKE]?: () => void })[WAKE];
  if (wake) setImmediate(wake);
}

/** Starts, once per process, the job worker of the server: pg-boss's supervisor and a poll every 2 s. */
export function startJobWorker(): void {
  const g = globalThis as { [WORKER]?: NodeJS.Timeout };
  if (g[WORKER]) return;
  let running = false;
  let again = false;
  const tick = () => {
    // A wake-up during a step (an order committed meanwhile) runs another step right after it.
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    processDueJobs()
      .catch((err: unknown) => log.error({ err }, 'worker'))
      .finally(() => {
        running = false;
        if (again) setImmediate(tick);
      });
  };
  (globalThis as { [WAKE]?: () => void })[WAKE] = tick;
  getJobs({ supervise: true })
    .then(tick)
    .catch((err: unknown) => log.error({ err }, 'arranque'));
  g[WORKER] = setInterval(tick, POLL_MS);
  g[WORKER].unref();
}
