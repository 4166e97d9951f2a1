import type { Metadata } from 'next';

/**
 * The admin area (spec 2.4): rendered per request, the same for every host (proxy.ts
 * does not put it under `[site]`), never indexed. `(console)` holds the screens inside the admin
 * frame (sidebar, user block); `(open)` the pages reachable without a session (login).
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Gestão', template: '%s — Gestão' },
  robots: { index: false, follow: false },
};

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return children;
}
