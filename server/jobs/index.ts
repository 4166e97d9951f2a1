import 'server-only';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { getDatabase, type Database, type DbOrTx } from '@/server/db/client';

/**
 * Background jobs in PostgreSQL (issue 11) with pg-boss 10 (the last major that runs on Node 20),
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
 * (`startJobWorker`, started where the database is opened); tests call it directly.
 */

export const JOB_QUEUES = {
  orderMail: 'order-mail',
  priceList: 'price-list',
  /** Asks the payment provider for a Multibanco reference / the MB WAY request (server/payments/ifthenpay). */
  paymentRequest: 'payment-request',
  quoteMail: 'quote-mail',
  quoteExpire: 'quote-expire',
} as const;
export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/** Retry policy of every queue: 10 attempts, 30 s doubling (30 s, 1 min, 2 min … ≈ 4 h), 5 min to finish. */
const QUEUE_OPTIONS = { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 } as const;

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
  const boss = new PgBoss({ db: processExecutor(database) as PgBoss.Db, schema: 'pgboss', supervise, schedule: false, migrate: true });
  // An error of the supervisor (database restarting…) must not crash the process.
  boss.on('error', (err: Error) => console.error('[jobs]', err.message));
  await boss.start();
  for (const name of Object.values(JOB_QUEUES)) {
    if (await boss.getQueue(name)) continue;
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
    boss = startBoss(database, options.supervise ?? false);
    holder.bosses.set(database.db, boss);
    boss.catch(() => holder.bosses.delete(database.db));
  }
  return boss;
}

export interface JobPayloads {
  'order-mail': { orderId: number; kind: 'confirmation' | 'shop_notice' };
  'price-list': { exportId: string };
  'payment-request': { orderId: number };
  /** `token`: a guest's private link, only in the acknowledgement's job (the quote keeps its hash). */
  'quote-mail': { mailId: number; token?: string };
  'quote-expire': { quoteId: number };
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
  await import('@/server/price-lists/job');
  await import('@/server/payments/ifthenpay/request');
  await import('@/server/quotes/mails');
}

export interface JobRunSummary {
  completed: number;
  failed: number;
}

/**
 * Runs the due jobs of every queue once (at most `batchSize` per queue): the worker's one step.
 * A handler that throws fails its job (retried later with backoff, or left failed at the limit).
 */
export async function processDueJobs(batchSize = 20): Promise<JobRunSummary> {
  await loadHandlers();
  const boss = await getJobs();
  const summary: JobRunSummary = { completed: 0, failed: 0 };
  for (const queue of Object.values(JOB_QUEUES)) {
    const handler = handlers.get(queue);
    if (!handler) continue;
    const jobs = await boss.fetch<JobPayloads[typeof queue]>(queue, { batchSize });
    for (const job of jobs) {
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
        console.error(`[jobs] ${queue} ${job.id} falhou:`, message);
        await boss.fail(queue, job.id, { message }).catch((e: unknown) => console.error('[jobs] fail', e));
      }
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
  const tick = () => {
    if (running) return;
    running = true;
    processDueJobs()
      .catch((err: unknown) => console.error('[jobs] worker', err instanceof Error ? err.message : err))
      .finally(() => {
        running = false;
      });
  };
  (globalThis as { [WAKE]?: () => void })[WAKE] = tick;
  getJobs({ supervise: true })
    .then(tick)
    .catch((err: unknown) => console.error('[jobs] start', err instanceof Error ? err.message : err));
  g[WORKER] = setInterval(tick, POLL_MS);
  g[WORKER].unref();
}
