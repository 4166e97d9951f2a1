import 'server-only';
import type { ChapterSummary } from '@/lib/catalogue/types';

import { asc, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { chapters } from '@/server/db/schema';

export type { ChapterSummary };

/** The 16 chapters in catalogue order with their active product and family counts. */
export async function listChaptersWithCounts(): Promise<ChapterSummary[]> {
  const db = await getDb();
  return db
    .select({
      code: chapters.code,
      title: chapters.title,
      shortTitle: chapters.shortTitle,
      slug: chapters.slug,
      icon: chapters.icon,
      theme: chapters.theme,
      // Qualified by hand: inside a subquery Drizzle would render the bare, ambiguous "code".
      productCount: sql<number>`(SELECT count(*)::int FROM products p WHERE p.chapter_code = "chapters"."code" AND p.active)`,
      familyCount: sql<number>`(SELECT count(*)::int FROM families f WHERE f.chapter_code = "chapters"."code")`,
    })
    .from(chapters)
    .orderBy(asc(chapters.sortOrder), asc(chapters.code));
}

export interface CatalogueTotals {
  products: number;
  models: number;
  brands: number;
}

export async function getCatalogueTotals(): Promise<CatalogueTotals> {
  const db = await getDb();
  const result = await db.execute<{ products: number; models: number; brands: number }>(sql`
    SELECT (SELECT count(*)::int FROM products WHERE active) AS products,
           (SELECT count(*)::int FROM inventory_products) AS models,
           (SELECT count(*)::int FROM brands) AS brands`);
  const row = result.rows[0];
  return {
    products: Number(row?.products ?? 0),
    models: Number(row?.models ?? 0),
    brands: Number(row?.brands ?? 0),
  };
}
