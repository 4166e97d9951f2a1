import 'server-only';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sharp, withSharp } from '@/server/media/sharp';
import { storeImageUpload, type StoredUpload } from '@/server/uploads';

/**
 * The cover of a supplier catalogue (issue 13): the PDF's first page rendered by `pdftoppm`
 * (poppler-utils; .ci/run installs it) where that works, otherwise a generated cover (brand,
 * title and year on a plain card, an SVG rasterised by sharp). Both are stored like an uploaded
 * cover (`uploads/covers/…`, WebP), so the public page treats every cover alike.
 */

/** pdftoppm gets 20 s of wall time, 30 s of CPU and 768 MB of address space for one page. */
const PDFTOPPM_TIMEOUT_MS = 20_000;
const PDFTOPPM_CPU_SECONDS = 30;
const PDFTOPPM_MEMORY_KB = 768 * 1024;

/**
 * Runs a child process under limits of its own (a crafted PDF must not take the server's memory or
 * CPU): `ulimit` for address space and CPU time, a wall-clock timeout that kills it, output capped.
 */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', `ulimit -v ${PDFTOPPM_MEMORY_KB} && ulimit -t ${PDFTOPPM_CPU_SECONDS} && exec "$0" "$@"`, cmd, ...args],
      { timeout: PDFTOPPM_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
      (err) => (err ? reject(err) : resolve()),
    );
  });
}

/** The first page of `pdf` as PNG bytes (about 600 px wide), or null when it cannot be rendered. */
export async function renderFirstPage(pdf: Uint8Array): Promise<Buffer | null> {
  // One render at a time; a burst past a few waiting gets the generated cover instead.
  if (renders.running >= 1 && renders.waiting.length >= 4) return null;
  if (renders.running >= 1) await new Promise<void>((resolve) => renders.waiting.push(resolve));
  else renders.running++;
  try {
    return await renderOnce(pdf);
  } finally {
    const next = renders.waiting.shift();
    if (next) next();
    else renders.running--;
  }
}

const renders: { running: number; waiting: (() => void)[] } = { running: 0, waiting: [] };

async function renderOnce(pdf: Uint8Array): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cover-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await writeFile(input, pdf);
    await run('pdftoppm', ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', '900', input, path.join(dir, 'page')]);
    const png = await readFile(path.join(dir, 'page.png'));
    return png.byteLength > 0 ? png : null;
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
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
