import 'server-only';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sharp, withSharp } from '@/server/media/sharp';
import { storeImageUpload, type StoredUpload } from '@/server/uploads';

/**
 * The cover of a supplier catalogue: the PDF's first page, rendered inside the server
 * by pdfjs-dist and @napi-rs/canvas (both npm packages: nothing to install on the machine beyond
 * `npm install`), where that works; otherwise a generated cover (brand, title and year on a plain
 * card, an SVG rasterised by sharp). Both are stored like an uploaded cover
 * (`uploads/covers/…`, WebP), so the public page treats every cover alike.
 */

/**
 * The renderer runs in a worker thread of its own (server/admin/pdf-cover-worker.mjs), so a
 * crafted PDF cannot take the server's memory or block its requests:
 * - its JavaScript heap is capped (the thread is stopped past it, the server goes on);
 * - it gets RENDER_TIMEOUT_MS of wall time, then it is terminated;
 * - it draws on a canvas of at most 900 × 1800 px whatever the page box says, and leaves images
 *   of more than 9 million pixels undecoded (the worker's own limits);
 * - one render at a time; a burst past a few waiting gets the generated cover instead.
 */
export const RENDER_TIMEOUT_MS = 20_000;
const RENDER_HEAP_MB = 128;
/**
 * The worker is started from a one-line bootstrap that imports the file at run time: given as a
 * path, Next's bundler would follow it and try to bundle the canvas's native addon (a build error);
 * this way pdfjs-dist and @napi-rs/canvas load from node_modules as plain Node modules.
 */
const WORKER_URL = pathToFileURL(path.join(process.cwd(), 'server', 'admin', 'pdf-cover-worker.mjs')).href;
const BOOTSTRAP = `import(${JSON.stringify(WORKER_URL)}).catch((err) => { require('node:worker_threads').parentPort.postMessage({ ok: false, reason: String(err) }); });`;

interface WorkerAnswer {
  ok: boolean;
  png?: Uint8Array;
  reason?: string;
}

/** The first page of `pdf` as PNG bytes (at most 900 px wide), or null when it cannot be rendered. */
export async function renderFirstPage(pdf: Uint8Array, options: { timeoutMs?: number } = {}): Promise<Buffer | null> {
  if (renders.running >= 1 && renders.waiting.length >= 4) return null;
  if (renders.running >= 1) await new Promise<void>((resolve) => renders.waiting.push(resolve));
  else renders.running++;
  try {
    return await renderInWorker(pdf, options.timeoutMs ?? RENDER_TIMEOUT_MS);
  } finally {
    const next = renders.waiting.shift();
    if (next) next();
    else renders.running--;
  }
}

const renders: { running: number; waiting: (() => void)[] } = { running: 0, waiting: [] };

function renderInWorker(pdf: Uint8Array, timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 } });
    } catch {
      resolve(null);
      return;
    }
    let settled = false;
    const finish = (png: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().catch(() => undefined);
      resolve(png);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => finish(answer.ok && answer.png && answer.png.byteLength > 0 ? Buffer.from(answer.png) : null));
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
    worker.postMessage({ pdf });
  });
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Words of `text` in lines of at most `width` characters (at most `max` lines, the last one cut with '…'). */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/** The SVG of a generated cover (A4 proportions, 600×848). */
export function generatedCoverSvg({ brand, title, year }: { brand: string; title: string; year: number | null }): string {
  const titleLines = wrap(title, 22, 5)
    .map((l, i) => `<tspan x="48" dy="${i === 0 ? 0 : 50}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="848" viewBox="0 0 600 848">
  <rect width="600" height="848" fill="#0c4a6e"/>
  <rect x="0" y="0" width="600" height="14" fill="#38bdf8"/>
  <rect x="32" y="120" width="536" height="2" fill="#7dd3fc"/>
  <text x="48" y="96" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#e0f2fe">${escapeXml(brand.slice(0, 40))}</text>
  <text x="48" y="220" font-family="DejaVu Sans, Arial, sans-serif" font-size="42" font-weight="700" fill="#ffffff">${titleLines}</text>
  ${year ? `<text x="48" y="780" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="700" fill="#7dd3fc">${year}</text>` : ''}
  <text x="552" y="800" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#bae6fd">Catálogo de fábrica</text>
</svg>`;
}

/** A generated cover as PNG bytes. */
export async function generatedCoverPng(facts: { brand: string; title: string; year: number | null }): Promise<Buffer> {
  const svg = Buffer.from(generatedCoverSvg(facts));
  return withSharp(() => sharp(svg).png().toBuffer());
}

/**
 * The cover to store for a catalogue: its PDF's first page when there is a PDF and it renders,
 * else a generated one. Returns the stored upload and where it came from.
 */
export async function produceCover(pdf: Uint8Array | null, facts: { brand: string; title: string; year: number | null }): Promise<{ stored: StoredUpload; source: 'pdf' | 'generated' }> {
  if (pdf) {
    const page = await renderFirstPage(pdf);
    if (page) {
      try {
        return { stored: await storeImageUpload(page, 'covers'), source: 'pdf' };
      } catch {
        // An odd render: fall back to the generated cover.
      }
    }
  }
  return { stored: await storeImageUpload(await generatedCoverPng(facts), 'covers'), source: 'generated' };
}
