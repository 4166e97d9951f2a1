import 'server-only';
import type { NavigationChapter, NavigationFamily } from '@/lib/catalogue/types';

import { asc } from 'drizzle-orm';
import { generatedMediaUrl } from '@/lib/catalogue/media';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { chapters, families } from '@/server/db/schema';

export type { NavigationChapter, NavigationFamily };

export function familyCardImageUrl(code: string, photoPath: string | null): string {
  return photoPath || `${generatedMediaUrl('families', code, 'webp', 64)}&q=70`;
}

async function loadNavigationChapters(): Promise<NavigationChapter[]> {
  const db = await getDb();
  const [chapterRows, familyRows] = await Promise.all([
    db
      .select({ code: chapters.code, title: chapters.title, slug: chapters.slug })
      .from(chapters)
      .orderBy(asc(chapters.sortOrder), asc(chapters.code)),
    db
      .select({
        code: families.code,
        chapterCode: families.chapterCode,
        title: families.title,
        slug: families.slug,
        photoPath: families.photoPath,
      })
      .from(families)
      .orderBy(asc(families.chapterCode), asc(families.code)),
  ]);
  const byChapter = new Map<number, NavigationFamily[]>();
  for (const f of familyRows) {
    const list = byChapter.get(f.chapterCode) ?? [];
    list.push({
      code: f.code,
      title: f.title,
      slug: f.slug,
      imageUrl: familyCardImageUrl(f.code, f.photoPath),
    });
    byChapter.set(f.chapterCode, list);
  }
  return chapterRows.map((c) => {
    const list = byChapter.get(c.code) ?? [];
    return { code: c.code, title: c.title, slug: c.slug, familyCount: list.length, families: list };
  });
}

/**
 * The 16 chapters with their families for the mega-menu and the categories sidebar, in catalogue
 * order. Kept in the shared cache (tags: navigation, catalogue) until an import, the demo seed or
 * an admin write invalidates it.
 */
export const listNavigationChapters = cachedRead('navigation', loadNavigationChapters, {
  tags: [cacheTags.navigation, cacheTags.catalogue],
});
