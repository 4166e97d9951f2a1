import 'server-only';
import type { NavigationChapter, NavigationFamily } from '@/lib/catalogue/types';

import { asc } from 'drizzle-orm';
import { generatedMediaUrl } from '@/lib/catalogue/media';
import { getDb } from '@/server/db/client';
import { chapters, families } from '@/server/db/schema';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';

const NAVIGATION_TAGS = [cacheTags.catalogue, cacheTags.navigation];

export type { NavigationChapter, NavigationFamily };

/** How long the navigation tree is kept in memory. */
export const NAVIGATION_CACHE_MS = 5 * 60_000;

let cached: { at: number; value: Promise<NavigationChapter[]> } | null = null;

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
 * order. Kept in memory for 5 minutes (concurrent callers share one query; a failure is not kept).
 */
export function listNavigationChapters(): Promise<NavigationChapter[]> {
  const now = Date.now();
  if (cached && now - cached.at < NAVIGATION_CACHE_MS && lastInvalidated(NAVIGATION_TAGS) < cached.at) return cached.value;
  const entry = { at: now, value: loadNavigationChapters() };
  cached = entry;
  entry.value.catch(() => {
    if (cached === entry) cached = null;
  });
  return entry.value;
}

/** Forget the cached tree (after a catalogue import or an admin edit of chapters and families). */
export function clearNavigationCache(): void {
  cached = null;
}
