/** @jest-environment node */
import fs from 'node:fs';
import sharp from 'sharp';
import { hostileCorpus } from '../../scripts/hostile-corpus.mjs';
import { renderFirstPage } from '@/server/admin/supplier-catalogue-cover';

/**
 * Supplier-catalogue covers (issue 23): the first page of a PDF is rendered inside the server
 * (pdfjs-dist + @napi-rs/canvas, npm packages), with no program of the machine (pdftoppm is not
 * needed: PATH is emptied here), and the renderer stays bounded on hostile PDFs: a 10,000-page
 * file, a page box of 200,000 × 200,000 pt, a /UserUnit of 75,000 give a small cover quickly;
 * a render past its time is abandoned (null: the caller makes a generated cover).
 */
const env = process.env as Record<string, string | undefined>;
let files: Map<string, Buffer>;
let path0: string | undefined;

beforeAll(async () => {
  const corpus = await hostileCorpus();
  files = new Map(corpus.filter((f) => f.category === 'pdf').map((f) => [f.name as string, fs.readFileSync(f.file)]));
  path0 = env.PATH;
  env.PATH = '/nonexistent';
}, 120_000);

afterAll(() => {
  env.PATH = path0;
});

async function sizeOf(png: Buffer | null) {
  expect(png).not.toBeNull();
  const meta = await sharp(png!).metadata();
  return { width: meta.width!, height: meta.height! };
}

describe('the first page of a PDF, rendered in the server', () => {
  it('renders an A4 page as a portrait PNG 900 px wide', async () => {
    const started = Date.now();
    const png = await renderFirstPage(files.get('control.pdf')!);
    expect(await sizeOf(png)).toEqual({ width: 900, height: 1274 });
    // The page is white, and its blue bar (36 pt from the bottom left, 200 × 20 pt) is drawn.
    const page = await sharp(png!).stats();
    expect(page.dominant).toEqual({ r: 248, g: 248, b: 248 });
    const bar = await sharp(await sharp(png!).extract({ left: 70, top: 1195, width: 250, height: 15 }).toBuffer()).stats();
    expect(bar.dominant.b).toBeGreaterThan(150);
    expect(bar.dominant.r).toBeLessThan(100);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['pages-10000.pdf', { width: 900, height: 1274 }],
    ['giant-page.pdf', { width: 900, height: 900 }],
    ['userunit.pdf', { width: 900, height: 900 }],
    ['control-20mb.pdf', { width: 900, height: 1274 }],
  ])('keeps %s within its bounds (a small canvas, seconds)', async (name, size) => {
    const started = Date.now();
    const png = await renderFirstPage(files.get(name)!);
    expect(await sizeOf(png)).toEqual(size);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('gives up past its time, and on a file that is not a PDF', async () => {
    expect(await renderFirstPage(files.get('pages-10000.pdf')!, { timeoutMs: 1 })).toBeNull();
    expect(await renderFirstPage(new TextEncoder().encode('%PDF-1.7\nnot really a pdf\n%%EOF\n'))).toBeNull();
  });
});
