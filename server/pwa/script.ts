import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { buildId } from '@/server/build-id';

let cached: string | undefined;

/** The service worker's source (server/pwa/service-worker.js) with this build's id as its version. */
export function serviceWorkerScript(): string {
  if (cached === undefined) {
    const source = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), 'server', 'pwa', 'service-worker.js'), 'utf8');
    cached = source.replaceAll('__SW_VERSION__', buildId().replace(/[^A-Za-z0-9_-]/g, ''));
  }
  return cached;
}
