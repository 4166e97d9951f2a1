import type { NextConfig } from 'next';
import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';
import { env } from './lib/env';
import { STAFF_ACTION_BODY_LIMIT, STAFF_ROUTE_BODY_LIMIT } from './scripts/body-limits.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (part of `npm test` and of `npm run build`), not a
  // second time inside every build: `npm start` on a fresh machine and CI's build save half a minute.
  typescript: { ignoreBuildErrors: true },
  // scripts/serve.mjs compresses, after it has put each response's nonce in place of the
  // placeholder the pages are rendered with (lib/security/headers.ts).
  compress: false,
  // Next hashes every HTML response in JavaScript to make an ETag: a quarter of the CPU of serving
  // a cached catalogue page. The pages carry s-maxage/stale-while-revalidate instead.
  generateEtags: false,
  // Cached pages and reads live in the shop's tag-aware handler (server/cache/next-handler.cjs),
  // which also follows the shared invalidation log.
  cacheHandler: path.resolve(process.cwd(), 'server/cache/next-handler.cjs'),
  // Handed to that handler as its memory bound (lib/env is the one reader of the environment).
  cacheMaxMemorySize: env().CACHE_MAX_MEMORY_MB * 1024 * 1024,
  reactStrictMode: true,
  // PGlite loads its WASM and extension bundles from its package folder: never bundle it. pdfkit
  // reads its font data from its own folder too.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'sharp', 'exceljs', 'nodemailer', 'pg-boss', 'pdfkit', '@aws-sdk/client-s3', 'redis'],
  // forbidden() answers 403 with the 'Access Denied' / 'Admin Access Only' screens (server/auth/session).
  // Server actions may carry up to 52 MB, for the admin area's uploads (manufacturers' PDFs of up
  // to 50 MB); avatars (2 MB) go through one too. That is only the ceiling: scripts/serve.mjs counts
  // every action's body as it arrives and cuts it past 3 MB unless it is an admin-area action of a
  // staff session (scripts/body-limits.mjs).
  // proxyClientMaxBodySize: how much of a request body passes through proxy.ts to the page or route
  // (Next buffers it for the proxy; past its default 10 MB the rest was cut off, and a 15 MB PDF
  // reached the supplier catalogue route unreadable): the largest body serve.mjs lets through,
  // staff's 66 MB to /api/admin routes.
  experimental: {
    authInterrupts: true,
    serverActions: { bodySizeLimit: STAFF_ACTION_BODY_LIMIT },
    proxyClientMaxBodySize: STAFF_ROUTE_BODY_LIMIT,
  },
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  turbopack: {
    resolveAlias: {
      // next-intl gets its messages compiled ahead of use (lib/i18n/compiled-messages.ts) and
      // formats them with use-intl's format-only runtime: the ICU parser (about 9 KB gzip) stays
      // out of every page. The path, not the package subpath: Turbopack still bundles the full
      // formatter when the alias names `use-intl/format-message/format-only` (next-intl's own
      // precompile option does the same).
      'use-intl/format-message': './node_modules/use-intl/dist/esm/production/format-message/format-only.js',
    },
  },
};

export default withNextIntl(nextConfig);
