import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/server/db/client';
import { brands, chapters, families, users } from '@/server/db/schema';
import type { Names } from './describe';

/**
 * The names the change renderer (./describe.ts) puts in place of ids: the people of `userIds`,
 * and, with `catalogue`, every family, brand and chapter (small tables: hundreds of rows). Pass
 * the write's transaction when there is one (PGlite runs one query at a time).
 */
export async function loadNames(options: { userIds?: readonly string[]; catalogue?: boolean }, db?: DbOrTx): Promise<Names> {
  const conn = db ?? (await getDb());
  const ids = [...new Set(options.userIds ?? [])];
  const people = ids.length ? await conn.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  // One after the other: inside a transaction the queries share one connection.
  const familyRows = options.catalogue ? await conn.select({ id: families.id, code: families.code, title: families.title }).from(families) : [];
  const brandRows = options.catalogue ? await conn.select({ id: brands.id, name: brands.name }).from(brands) : [];
  const chapterRows = options.catalogue ? await conn.select({ code: chapters.code, title: chapters.title }).from(chapters) : [];
  return {
    people: new Map(people.map((p) => [p.id, p.name || p.email])),
    families: new Map(familyRows.map((f) => [f.id, { code: f.code, title: f.title }])),
    familyTitles: new Map(familyRows.map((f) => [f.code, f.title])),
    brands: new Map(brandRows.map((b) => [b.id, b.name])),
    chapters: new Map(chapterRows.map((c) => [c.code, c.title])),
  };
}
