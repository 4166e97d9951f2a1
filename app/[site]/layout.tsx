import { notFound } from 'next/navigation';
import { flagsForSiteKey } from '@/lib/flags';

/**
 * `[site]` is the flag set of the request's host (lib/flags `SITE_KEYS`), put there by proxy.ts's
 * rewrite; it never appears in a visible URL. No page is rendered at build time (the build does
 * not touch the database): each page is rendered on its first request and then served from the
 * shared cache until a write invalidates its tags (server/cache) or an hour has passed.
 */
export function generateStaticParams(): { site: string }[] {
  return [];
}

export const dynamicParams = true;

export default async function SiteLayout({ children, params }: { children: React.ReactNode; params: Promise<{ site: string }> }) {
  const { site } = await params;
  if (!flagsForSiteKey(site)) notFound();
  return children;
}
