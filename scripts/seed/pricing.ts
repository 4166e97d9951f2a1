import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { DEMO_NIF } from '@/lib/env';
import { priceRules, proAccounts, users } from '@/server/db/schema';

/**
 * The demo professional account (README): the demo pro user's company with discounts on
 * several discount groups, so the difference between list and customer prices shows. Groups of
 * the demo catalogue are a letter per brand plus a digit (A, A1…A9, B…, E9); D and E get no rule.
 */
/** The demo company's own NIF (valid check digit, invented): not the shop's (DEMO_NIF, 509123457). */
export const DEMO_PRO_NIF = '508462134';

export const DEMO_PRO_ACCOUNT = {
  name: 'Canalizações Demo',
  fiscalName: 'Canalizações Demo, Lda.',
  nif: DEMO_PRO_NIF,
  phcClientId: 'DEMO-0001',
} as const;

export const DEMO_DISCOUNTS: readonly { prefix: string; percentage: string }[] = [
  { prefix: 'A', percentage: '30.00' },
  { prefix: 'B', percentage: '20.00' },
  { prefix: 'C', percentage: '12.50' },
];

/** Creates the demo pro account with its rules and links the demo pro user (once). */
export async function ensureDemoProAccount(db: Db, proEmail: string): Promise<void> {
  // A demo account seeded before carried the shop's own NIF: given its own.
  await db
    .update(proAccounts)
    .set({ nif: DEMO_PRO_NIF })
    .where(and(eq(proAccounts.nif, DEMO_NIF), eq(proAccounts.name, DEMO_PRO_ACCOUNT.name)));
  const [user] = await db.select({ id: users.id, accountId: users.proAccountId }).from(users).where(eq(sql`lower(${users.email})`, proEmail.toLowerCase()));
  if (!user || user.accountId !== null) return;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: proAccounts.id }).from(proAccounts).where(and(eq(proAccounts.nif, DEMO_PRO_ACCOUNT.nif), eq(proAccounts.name, DEMO_PRO_ACCOUNT.name)));
    let accountId = existing?.id;
    if (!accountId) {
      const [created] = await tx.insert(proAccounts).values({ ...DEMO_PRO_ACCOUNT }).returning({ id: proAccounts.id });
      accountId = created!.id;
      const rules = DEMO_DISCOUNTS.flatMap(({ prefix, percentage }) =>
        ['', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => ({ accountId: accountId!, discountGroup: `${prefix}${digit}`, discountPercentage: percentage })),
      );
      await tx.insert(priceRules).values(rules);
    }
    await tx.update(users).set({ proAccountId: accountId, accountName: DEMO_PRO_ACCOUNT.name }).where(eq(users.id, user.id));
  });
}
