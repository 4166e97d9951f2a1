import type { ApiBody } from '@/lib/api/types';
import type { NavigationChapter } from '@/lib/catalogue/types';

let pending: Promise<NavigationChapter[]> | null = null;
let loaded: NavigationChapter[] | null = null;

/** The chapters when they have already arrived (the panel then opens with them at once). */
export function loadedNavigation(): NavigationChapter[] | null {
  return loaded;
}

/**
 * The chapters and families of the categories menu, from GET /api/navigation (public, cached):
 * asked for when the menu is first wanted (pointer or focus on its button, or a click), once per
 * page session; a failed request is asked for again the next time.
 */
export function loadNavigation(): Promise<NavigationChapter[]> {
  pending ??= fetch('/api/navigation', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json()) as ApiBody<{ chapters: NavigationChapter[] }>;
      if (!response.ok || !body.success) throw new Error(body.success ? `HTTP ${response.status}` : body.message);
      loaded = body.data.chapters;
      return loaded;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
