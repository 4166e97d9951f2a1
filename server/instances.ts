import 'server-only';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { and, gt, like, lt, ne, sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import { buildId } from '@/server/build-id';
import type { Db } from '@/server/db/client';
import { appState } from '@/server/db/schema';
import { logger } from '@/server/log';

const log = logger('instances');

/**
 * Every serving process says in the database which build it runs and a fingerprint of its secrets
 * (`app_state` rows `instance:<id>`, refreshed every 30 s), and compares itself with the others seen
 * in the last two minutes (docs/deploy.md, "Every instance the same"):
 * - another **secret** (BETTER_AUTH_SECRET, IP_HASH_SALT): sessions signed by one instance would be
 *   refused by this one. Logged as an error and reported by the readiness check (503), so a
 *   balancer keeps the misconfigured instance out;
 * - another **build**: normal for the minutes of a rolling deploy, logged as a warning.
 * The fingerprint is a hash: the secrets themselves are never written anywhere.
 */

const HEARTBEAT_MS = 30_000;
const SEEN_WINDOW = sql`now() - interval '2 minutes'`;
const MISMATCH = Symbol.for('cag.instance.mismatch');
const TIMER = Symbol.for('cag.instance.heartbeat');

interface InstanceFacts {
  build: string;
  secrets: string;
}

export function instanceName(): string {
  return `${env().INSTANCE_ID || os.hostname()}:${process.pid}`;
}


export function secretsFingerprint(): string {
  const e = env();
  return createHash('sha256').update(`${e.BETTER_AUTH_SECRET ?? ''}\0${e.IP_HASH_SALT ?? ''}`).digest('hex').slice(0, 16);
}

/** What is wrong with this instance's configuration compared with the others, or null. */
export function instanceMismatch(): string | null {
  return (globalThis as { [MISMATCH]?: string | null })[MISMATCH] ?? null;
}

/** Writes this process's row and compares it with the other live ones. */
export async function checkInstances(
  db: Db,
  self: { name?: string; build?: string; secrets?: string; now?: Date } = {},
): Promise<{ mismatch: string | null; others: number }> {
  const key = `instance:${self.name ?? instanceName()}`;
  const now = self.now ?? new Date();
  const facts: InstanceFacts = { build: self.build ?? buildId(), secrets: self.secrets ?? secretsFingerprint() };
  await db
    .insert(appState)
    .values({ key, value: facts, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: facts, updatedAt: now } });
  await db.delete(appState).where(and(like(appState.key, 'instance:%'), lt(appState.updatedAt, sql`now() - interval '1 day'`)));
  const others = await db
    .select({ key: appState.key, value: appState.value })
    .from(appState)
    .where(and(like(appState.key, 'instance:%'), ne(appState.key, key), gt(appState.updatedAt, SEEN_WINDOW)));
  const differing: string[] = [];
  const builds = new Set<string>();
  for (const other of others) {
    const o = other.value as Partial<InstanceFacts>;
    if (o.secrets && o.secrets !== facts.secrets) differing.push(other.key.slice('instance:'.length));
    if (o.build && o.build !== facts.build) builds.add(o.build);
  }
  const mismatch = differing.length ? `segredos diferentes dos de ${differing.sort().join(', ')} (BETTER_AUTH_SECRET ou IP_HASH_SALT)` : null;
  const before = instanceMismatch();
  (globalThis as { [MISMATCH]?: string | null })[MISMATCH] = mismatch;
  if (mismatch && mismatch !== before) log.error({ mismatch }, 'configuração diferente das outras instâncias: esta instância não se declara pronta');
  if (builds.size) log.warn({ otherBuilds: [...builds], build: facts.build }, 'outras instâncias correm outra compilação: normal durante uma atualização gradual');
  return { mismatch, others: others.length };
}

/** Starts, once per process, the check now and every 30 s. */
export function startInstanceHeartbeat(db: Db): void {
  const g = globalThis as { [TIMER]?: NodeJS.Timeout };
  if (g[TIMER]) return;
  const beat = () => void checkInstances(db).catch((err: unknown) => log.error({ err }, 'verificação das instâncias falhou'));
  beat();
  g[TIMER] = setInterval(beat, HEARTBEAT_MS);
  g[TIMER].unref();
}
