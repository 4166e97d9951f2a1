import 'server-only';
import { CHAPTERS } from '@/lib/catalogue/chapters';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { TRADE_VOCABULARY } from '@/lib/search/trade-vocabulary';
import { slugify } from '@/lib/slug';
import { and, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { chapters, searchSynonyms, shopSettings } from './schema';

/**
 * Reference data every installation has, demo or real: the 16 chapters of the catalogue tree,
 * a first shop-settings record and the shipped trade vocabulary of the search. Existing rows are
 * left as they are (admins may edit them).
 */
export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(chapters)
    .values(
      CHAPTERS.map((c, i) => ({
        code: c.code,
        title: c.title,
        shortTitle: c.shortTitle,
        slug: slugify(c.title),
        icon: c.icon,
        theme: c.theme,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(shopSettings)
    .values({ id: 1, ...DEFAULT_SHOP_SETTINGS })
    .onConflictDoNothing();
  await ensureSearchSynonyms(db);
}

/**
 * The shipped trade vocabulary (lib/search/trade-vocabulary.ts) into `search_synonyms`, one row
 * per group under its `builtin_key`. A group not yet there is added; a group staff have edited
 * (version bumped, `updated_by` set) or deleted (the row stays with `deleted_at`) is never touched,
 * so their changes survive every start; a group nobody edited follows the shipped data (and goes
 * when it is no longer shipped).
 */
export async function ensureSearchSynonyms(db: DbOrTx): Promise<void> {
  const rows = TRADE_VOCABULARY.map((g) => ({
    builtinKey: g.key,
    kind: g.kind,
    terms: [...g.terms],
    targets: [...g.targets],
    chapterCode: g.chapter,
  }));
  // A shipped group no longer shipped (renamed or dropped) goes, unless staff edited it.
  await db
    .delete(searchSynonyms)
    .where(
      and(
        isNotNull(searchSynonyms.builtinKey),
        eq(searchSynonyms.version, 1),
        isNull(searchSynonyms.updatedBy),
        isNull(searchSynonyms.deletedAt),
        notInArray(searchSynonyms.builtinKey, rows.map((r) => r.builtinKey)),
      ),
    );
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(searchSynonyms)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: searchSynonyms.builtinKey,
        set: { kind: sql`excluded.kind`, terms: sql`excluded.terms`, targets: sql`excluded.targets`, chapterCode: sql`excluded.chapter_code` },
        setWhere: sql`${searchSynonyms.version} = 1 AND ${searchSynonyms.updatedBy} IS NULL AND ${searchSynonyms.deletedAt} IS NULL
          AND (${searchSynonyms.terms} IS DISTINCT FROM excluded.terms OR ${searchSynonyms.targets} IS DISTINCT FROM excluded.targets OR ${searchSynonyms.kind} IS DISTINCT FROM excluded.kind)`,
      });
  }
}
