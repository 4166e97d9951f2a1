import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { dataDir, env, migratedAtStart } from '@/lib/env';
import { isDatabaseDown, markDatabaseUp, noteDatabaseError, setDatabaseProbe } from './availability';
import { instrumentPool } from '@/server/metrics/db';
import * as schema from './schema';
import { logger } from '@/server/log';

/**
 * One schema, one set of queries: Drizzle's query builder is the same over node-postgres and
 * PGlite, so the app is typed against the node-postgres flavour and the PGlite instance is cast
 * to it (both expose `execute()` results with `.rows`).
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /** Where the data lives: a folder for PGlite, the server and database name for PostgreSQL. */
  location: string;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'supabase', 'migrations');
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

export class DatabaseLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `A pasta de dados ${folder} está a ser usada por outro processo (PID ${pid}). ` +
        'Pare o servidor (ou o outro comando) antes de continuar.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes: two processes on one folder silently lose writes.
 * A PID lock file makes the second one fail with a clear message instead.
 */
function acquireLock(folder: string): () => void {
  const lockFile = path.join(folder, 'owner.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) throw new DatabaseLockedError(folder, owner);
      fs.rmSync(lockFile, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`Não foi possível bloquear a pasta de dados ${folder}.`);
}

export async function openPglite(folder: string): Promise<Database> {
  fs.mkdirSync(folder, { recursive: true });
  const release = acquireLock(folder);
  try {
    const client = await PGlite.create(path.join(folder, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      location: folder,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** An in-memory PGlite, optionally cloned from a dumped data folder (tests). */
export async function openMemoryPglite(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: 'pglite',
    location: 'memory://',
    close: () => client.close(),
  };
}

/**
 * Marks the database down when a query or a connection of the pool fails for want of a server,
 * and up again when one succeeds (server/db/availability.ts), with `select 1` as the probe.
 */
function watchAvailability(pool: Pool): void {
  setDatabaseProbe(() => pool.query('select 1'));
  const note = (err: unknown) => {
    noteDatabaseError(err);
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(() => {
        if (isDatabaseDown()) markDatabaseUp();
      }, note);
    }
    return result;
  }) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args);
    const result = connect() as Promise<unknown>;
    result.then(() => {
      if (isDatabaseDown()) markDatabaseUp();
    }, note);
    return result;
  }) as typeof pool.connect;
}

export function openPostgres(url: string): Database {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  instrumentPool(pool);
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (err) => logger('db').error({ err }, 'erro numa ligação inativa'));
  // Nor one that is checked out between two queries (a transaction waiting on SMTP or on a PDF
  // render) when PostgreSQL goes away: the pool listens only to idle clients, and an 'error'
  // event nobody listens to is an uncaught exception (seen in npm run chaos:orders). The
  // transaction's next query fails and the pool discards the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger('db').error({ err }, 'ligação perdida'));
  });
  watchAvailability(pool);
  let location = url;
  try {
    const u = new URL(url);
    location = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    /* keep as given */
  }
  return { db: drizzlePg(pool, { schema }), driver: 'postgres', location, close: () => pool.end() };
}

/** Applies every pending migration of supabase/migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    // drizzle's migrator for PGlite takes the PGlite-flavoured database object.
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  // Serialise concurrent migrators (several app instances starting at once).
  await database.db.execute(sql`select pg_advisory_lock(727161967)`);
  try {
    await migratePg(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727161967)`);
  }
}

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export async function openConfiguredDatabase(): Promise<Database> {
  const url = env().DATABASE_URL;
  if (url) return openPostgres(url);
  return openPglite(path.join(dataDir(), 'pglite'));
}

// ---------------------------------------------------------------------------
// The process-wide database (server, scripts). Kept on globalThis to survive dev reloads.

interface Holder {
  current?: Promise<Database>;
}
const holder: Holder = ((globalThis as { __shopDatabase?: Holder }).__shopDatabase ??= {});

/** The process's database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  if (!holder.current) {
    const opening = (async () => {
      const database = await openConfiguredDatabase();
      try {
        if (!migratedAtStart()) await migrateDatabase(database);
      } catch (err) {
        await database.close().catch(() => undefined);
        throw err;
      }
      return database;
    })();
    holder.current = opening;
    // A failed open is not cached: the next call tries again (e.g. the server came back).
    opening.catch(() => {
      if (holder.current === opening) holder.current = undefined;
    });
  }
  return holder.current;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Use this database for the rest of the process (tests: one fresh database per test file). */
export function setDatabase(database: Database | undefined): void {
  holder.current = database ? Promise.resolve(database) : undefined;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.current;
  holder.current = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}
