import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The id of the production build this process serves (`.next/BUILD_ID`), `dev` without one. Read
 * once: a process serves one build for its whole life. Instances compare it (server/instances.ts)
 * and the service worker's caches are named after it (app/sw.js/route.ts).
 */
export function buildId(): string {
  if (cached !== undefined) return cached;
  try {
    cached = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || 'dev';
  } catch {
    cached = 'dev';
  }
  return cached;
}
