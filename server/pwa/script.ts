import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { buildId } from '@/server/build-id';

let cached: string | undefined;

/**
 * The build's scripts, styles and fonts (`.next/static/chunks`, `.next/static/media`): the worker
 * keeps them all in the background once it is in control, so a menu or dialog never opened online
 * still works offline. Fetched by the worker, never run by the page (no cost to the page itself).
 */
function buildFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['chunks', 'media']) {
    const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), '.next', 'static', folder);
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue; // no production build (next dev)
    }
    for (const name of names) if (/\.(js|css|woff2)$/.test(name)) files.push(`/_next/static/${folder}/${name}`);
  }
  return files.sort();
}

/** The service worker's source (server/pwa/service-worker.js) with this build's id as its version. */
export function serviceWorkerScript(): string {
  if (cached === undefined) {
    const source = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), 'server', 'pwa', 'service-worker.js'), 'utf8');
    cached = source
      .replaceAll('__SW_VERSION__', buildId().replace(/[^A-Za-z0-9_-]/g, ''))
      .replace("'__SW_BUILD_FILES__'", JSON.stringify(buildFiles()));
  }
  return cached;
}
