import { rawRoute } from '@/server/api/route';
import { serviceWorkerScript } from '@/server/pwa/script';

export const dynamic = 'force-dynamic';

/**
 * /sw.js — the service worker (spec 4 and 7; docs/offline.md), its caches named after this build.
 * `no-cache`: the browser asks again at every update check, so a deploy reaches it at once.
 */
export const GET = rawRoute({ cache: 'no-cache' }, () =>
  new Response(serviceWorkerScript(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Service-Worker-Allowed': '/' },
  }),
);
