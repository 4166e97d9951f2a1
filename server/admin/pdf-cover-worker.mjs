/**
 * The worker thread that renders a supplier catalogue's first page (server/admin/pdf-cover.ts
 * starts it): pdfjs-dist reads the PDF, @napi-rs/canvas (Skia, prebuilt in the npm package) draws
 * page 1 and encodes it as PNG. Both come with `npm install`: no system package is needed.
 *
 * Bounds, on top of the thread's own heap limit and the wall-clock timeout of its parent:
 * - the canvas is at most MAX_WIDTH × MAX_HEIGHT pixels whatever the page box says (a page of
 *   200,000 × 200,000 pt, or one with /UserUnit 75,000, is drawn small, never allocated at size);
 * - images inside the PDF larger than MAX_IMAGE_PIXELS are not decoded (pdfjs skips them);
 * - no eval, no font loading from the system, no network: the bytes come in a message.
 *
 * In: { pdf: Uint8Array }. Out: { ok: true, png: Uint8Array, width, height, pages } or
 * { ok: false, reason }.
 */
import { parentPort } from 'node:worker_threads';

const MAX_WIDTH = 900;
const MAX_HEIGHT = 1800;
const MAX_IMAGE_PIXELS = 9_000_000;
/** pdfjs-dist's own data (the 14 standard fonts, CMaps, ICC profiles, its WASM decoders), read from its package folder. */
const PDFJS_DIR = new URL('./', import.meta.resolve('pdfjs-dist/package.json'));

parentPort.once('message', async ({ pdf }) => {
  try {
    parentPort.postMessage(await render(pdf));
  } catch (err) {
    parentPort.postMessage({ ok: false, reason: err instanceof Error ? err.message.slice(0, 200) : 'render failed' });
  }
});

async function render(pdf) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: pdf,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: new URL('standard_fonts/', PDFJS_DIR).pathname,
    cMapUrl: new URL('cmaps/', PDFJS_DIR).pathname,
    cMapPacked: true,
    iccUrl: new URL('iccs/', PDFJS_DIR).pathname,
    wasmUrl: new URL('wasm/', PDFJS_DIR).pathname,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const box = page.getViewport({ scale: 1 });
    if (!(box.width > 0) || !(box.height > 0)) return { ok: false, reason: 'empty page box' };
    const scale = Math.min(MAX_WIDTH / box.width, MAX_HEIGHT / box.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.min(MAX_WIDTH, Math.round(viewport.width)));
    const height = Math.max(1, Math.min(MAX_HEIGHT, Math.round(viewport.height)));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    const png = await canvas.encode('png');
    return { ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
