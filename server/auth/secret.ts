import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { env, isProductionDeployment } from '@/lib/env';
import type { Db } from '@/server/db/client';
import { appState } from '@/server/db/schema';

const KEY = 'auth_secret';

/**
 * The secret that signs sessions and e-mail tokens: BETTER_AUTH_SECRET when set, otherwise one
 * generated on first use and kept in the database (so `npm start` works on a fresh machine and
 * sessions survive restarts). That fallback is for local and demo use only: a production
 * deployment (lib/env.ts isProductionDeployment) must set BETTER_AUTH_SECRET, and the start
 * refuses otherwise (server/config/production.ts); here too nothing is generated there.
 */
export async function authSecret(db: Db): Promise<string> {
  const fromEnv = env().BETTER_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (isProductionDeployment()) throw new Error('BETTER_AUTH_SECRET em falta em produção / BETTER_AUTH_SECRET is missing in production.');
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
  if (typeof row?.value === 'string' && row.value.length >= 32) return row.value;
  const generated = randomBytes(32).toString('base64url');
  await db.insert(appState).values({ key: KEY, value: generated }).onConflictDoNothing();
  const [stored] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
  return typeof stored?.value === 'string' ? stored.value : generated;
}
