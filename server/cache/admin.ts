import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { proAccounts, users } from '@/server/db/schema';
import { pricingTags } from '@/server/pricing';
import { invalidateCache } from './invalidate';

/**
 * The actions of /admin/cache-performance (`manage_users`), each audited: clear one tag
 * (every cached page and read carrying it, on every instance through the invalidation log), and
 * clear one customer's prices (their professional account's price list, or their own).
 */

type Actor = Pick<Viewer, 'id' | 'email' | 'displayName'>;

export const CACHE_TAG_PATTERN = /^[a-z0-9][a-z0-9:_\-./]{0,199}$/i;

export async function clearCacheTag(tag: string, actor: Actor): Promise<void> {
  if (!CACHE_TAG_PATTERN.test(tag)) throw new AppError({ code: 'bad_request', key: 'Admin.Cache.errors.badTag', fieldErrors: { tag: ['Admin.Cache.errors.badTag'] } });
  const db = await getDb();
  await db.transaction(async (tx) => {
    await recordAudit(tx, { actor, entity: 'cache', entityId: tag, action: 'other', summary: `Cache limpa: etiqueta ${tag}` });
    await invalidateCache([tag], { reason: `admin:${actor.email}`, db: tx });
  });
}

/**
 * A customer by e-mail or professional account number: the price list their prices come from is
 * dropped (`pricing:account:<id>` for an account, `pricing:user:<id>` for the user's own
 * membership memo). Other customers' cached prices stay.
 */
export async function clearCustomerPrices(customer: string, actor: Actor): Promise<{ tags: string[] }> {
  const db = await getDb();
  const value = customer.trim();
  const tags: string[] = [];
  let label = value;
  if (/^\d{1,9}$/.test(value)) {
    const [account] = await db.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, Number(value)));
    if (!account) throw new AppError({ code: 'not_found', key: 'Admin.Cache.errors.customerNotFound', fieldErrors: { customer: ['Admin.Cache.errors.customerNotFound'] } });
    tags.push(pricingTags.account(account.id));
    label = `conta ${account.name} (#${account.id})`;
  } else {
    const [user] = await db.select({ id: users.id, accountId: users.proAccountId, email: users.email }).from(users).where(sql`lower(${users.email}) = ${value.toLowerCase()}`);
    if (!user) throw new AppError({ code: 'not_found', key: 'Admin.Cache.errors.customerNotFound', fieldErrors: { customer: ['Admin.Cache.errors.customerNotFound'] } });
    tags.push(pricingTags.user(user.id));
    if (user.accountId) tags.push(pricingTags.account(user.accountId));
    label = user.email;
  }
  await db.transaction(async (tx) => {
    await recordAudit(tx, { actor, entity: 'cache', entityId: tags.join(','), action: 'other', summary: `Preços em cache limpos: ${label}` });
    await invalidateCache(tags, { reason: `admin:${actor.email}`, db: tx });
  });
  return { tags };
}
