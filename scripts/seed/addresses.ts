import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { DemoAccountEmail } from '@/server/auth/demo-accounts';
import { addresses, users } from '@/server/db/schema';
import { DEMO_PRO_NIF } from './pricing';

/**
 * Default delivery and billing addresses of the demo customers (README), so a newcomer can place
 * an order at once. Added once: a demo customer who already has an address keeps theirs.
 */
export const DEMO_ADDRESSES: Readonly<Partial<Record<DemoAccountEmail, { label: string; name: string; nif: string; line1: string; postalCode: string; locality: string; phone: string }>>> = {
  'pro@demo.casadasaguas.pt': {
    label: 'Sede',
    name: 'Canalizações Demo, Lda.',
    nif: DEMO_PRO_NIF,
    line1: 'Rua das Obras, 120',
    postalCode: '4430-999',
    locality: 'Vila Nova de Gaia',
    phone: '+351 220 000 001',
  },
  'cliente@demo.casadasaguas.pt': {
    label: 'Casa',
    name: 'Cliente Demo',
    nif: '123456789',
    line1: 'Avenida da República, 1500, 2.º esq.',
    postalCode: '4430-205',
    locality: 'Vila Nova de Gaia',
    phone: '+351 910 000 002',
  },
};

export async function ensureDemoAddresses(db: Db): Promise<void> {
  for (const [email, address] of Object.entries(DEMO_ADDRESSES)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (!user || !address) continue;
    const [existing] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id));
    if (Number(existing?.n ?? 0) > 0) continue;
    await db.insert(addresses).values({ userId: user.id, ...address, isDefaultDelivery: true, isDefaultBilling: true });
  }
}
