import 'server-only';
import { CHAPTERS } from '@/lib/catalogue/chapters';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { slugify } from '@/lib/slug';
import type { DbOrTx } from './client';
import { chapters, shopSettings } from './schema';

/**
 * Reference data every installation has, demo or real: the 16 chapters of the catalogue tree
 * and a first shop-settings record. Existing rows are left as they are (admins may edit them).
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
}
