/**
 * A fresh, migrated database per test file: an in-memory PGlite cloned from a template
 * (built once and cached on disk), or, with DATABASE_URL set, a new PostgreSQL database
 * created from a template database on that server.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import {
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openMemoryPglite,
  openPostgres,
  setDatabase,
  type Database,
} from '@/server/db/client';
import { ensureReferenceData } from '@/server/db/reference';

function templateKey(): string {
  const hash = createHash('sha1');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(process.cwd(), 'lib', 'catalogue', 'chapters.ts')));
  hash.update(fs.readFileSync(path.join(process.cwd(), 'lib', 'search', 'trade-vocabulary.ts')));
  hash.update(fs.readFileSync(path.join(process.cwd(), 'lib', 'catalogue', 'shop.ts')));
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `shop-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const database = await openMemoryPglite();
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'none'): Promise<Blob> } }).$client;
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, dump);
  fs.renameSync(tmp, file); // atomic: parallel workers never read half a file
  return dump;
}

async function adminQuery(url: string, query: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function postgresTestDatabase(url: string): Promise<Database> {
  const template = `shop_test_template_${templateKey()}`;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(4242)');
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${template}`);
      const database = openPostgres(withDatabase(url, template));
      await migrateDatabase(database);
      await ensureReferenceData(database.db);
      await database.close();
    }
    await client.query('SELECT pg_advisory_unlock(4242)');
  } finally {
    await client.end();
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = openPostgres(withDatabase(url, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return postgresTestDatabase(url);
  return openMemoryPglite(new Blob([new Uint8Array(await pgliteTemplate())]));
}

/** Opens a fresh database for this test file and makes it the process database. */
export function setupTestDatabase(): { current: () => Database } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
  });
  return {
    current: () => {
      if (!database) throw new Error('A base de dados de teste ainda não foi aberta.');
      return database;
    },
  };
}
