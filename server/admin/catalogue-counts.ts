import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { families, products } from '@/server/db/schema';

/**
 * Counts for the admin dashboard: active products the Merchant feed sends without a
 * Google category of their own or of their family (they go out with the 5181 default), and
 * active products without an uploaded or imported photo (the shop shows a generated image).
 */
export async function countProductsWithoutCategory(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(families, eq(families.id, products.familyId))
    .where(and(eq(products.active, true), isNull(products.googleCategory), isNull(families.googleCategory)));
  return Number(row?.n ?? 0);
}

export async function countProductsWithoutImage(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.active, true), isNull(products.photoPath), sql`jsonb_array_length(${products.images}) = 0`));
  return Number(row?.n ?? 0);
}
