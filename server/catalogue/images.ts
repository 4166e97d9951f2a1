import 'server-only';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { ChapterIconName } from '@/lib/catalogue/chapters';
import { getChapterDefinition } from '@/lib/catalogue/chapters';
import type { MediaFormat, MediaKind } from '@/lib/catalogue/media';
import { getDb } from '@/server/db/client';
import { brands, campaigns, chapters, families, products } from '@/server/db/schema';
import {
  brandLogoSvg,
  campaignImageSvg,
  chapterImageSvg,
  familyImageSvg,
  productImageSvg,
  type ChapterIcon,
} from '@/server/media/art';

const DEFAULT_THEME = { from: '#e2e8f0', to: '#94a3b8', accent: '#334155' };

async function chapterLook(code: number): Promise<{ icon: ChapterIcon; theme: typeof DEFAULT_THEME }> {
  const db = await getDb();
  const [row] = await db.select({ icon: chapters.icon, theme: chapters.theme }).from(chapters).where(eq(chapters.code, code));
  const fallback = getChapterDefinition(code);
  return {
    icon: (row?.icon ?? fallback?.icon ?? 'pipe') as ChapterIconName as ChapterIcon,
    theme: row?.theme ?? fallback?.theme ?? DEFAULT_THEME,
  };
}

/** The SVG art of a catalogue entity, or null when it does not exist. */
export async function renderGeneratedSvg(kind: MediaKind, key: string): Promise<string | null> {
  const db = await getDb();
  switch (kind) {
    case 'products': {
      const [p] = await db
        .select({ name: products.name, code: products.productCode, chapterCode: products.chapterCode, familyTitle: families.title })
        .from(products)
        .innerJoin(families, eq(families.id, products.familyId))
        .where(eq(products.productCode, key));
      if (!p) return null;
      const look = await chapterLook(p.chapterCode);
      return productImageSvg({ name: p.name, familyTitle: p.familyTitle, code: p.code, chapterIcon: look.icon, theme: look.theme });
    }
    case 'families': {
      const [f] = await db.select({ title: families.title, chapterCode: families.chapterCode }).from(families).where(eq(families.code, key));
      if (!f) return null;
      const look = await chapterLook(f.chapterCode);
      return familyImageSvg({ title: f.title, chapterIcon: look.icon, theme: look.theme });
    }
    case 'chapters': {
      if (!/^\d{1,4}$/.test(key)) return null;
      const [c] = await db.select({ title: chapters.title }).from(chapters).where(eq(chapters.code, Number(key)));
      if (!c) return null;
      const look = await chapterLook(Number(key));
      return chapterImageSvg({ title: c.title, icon: look.icon, theme: look.theme });
    }
    case 'brands': {
      const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.slug, key));
      return b ? brandLogoSvg({ name: b.name }) : null;
    }
    case 'campaigns': {
      const [c] = await db
        .select({ title: campaigns.title, category: campaigns.category, theme: campaigns.theme })
        .from(campaigns)
        .where(eq(campaigns.slug, key));
      return c ? campaignImageSvg({ title: c.title, category: c.category ?? '', theme: c.theme ?? '#0369a1' }) : null;
    }
    default:
      return null;
  }
}

export const RASTER_WIDTHS = { min: 16, max: 1600 } as const;

/** Renders the SVG in the requested format; raster formats are resized to `width` (sharp). */
export async function encodeImage(
  svg: string,
  format: MediaFormat,
  options: { width?: number; quality?: number } = {},
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'svg') return { body: Buffer.from(svg), contentType: 'image/svg+xml; charset=utf-8' };
  const quality = options.quality ?? 75;
  let image = sharp(Buffer.from(svg), { density: 144 });
  if (options.width) image = image.resize({ width: options.width, withoutEnlargement: false });
  if (format === 'webp') return { body: await image.webp({ quality }).toBuffer(), contentType: 'image/webp' };
  return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
}

/** A generated image ready to send: bytes, type and a validator. */
export interface GeneratedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

const IMAGE_CACHE = Symbol.for('cag.media.images');
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
const IMAGE_TAGS = [cacheTags.catalogue, cacheTags.brands, cacheTags.campaigns];

interface ImageCache {
  entries: Map<string, { at: number; image: GeneratedImage }>;
  bytes: number;
}

/**
 * The generated image of a catalogue entity in a format and size, kept in memory (64 MB, least
 * recently used out) so that a page's images are drawn and encoded once, not for every visitor;
 * forgotten when the catalogue changes anywhere (server/cache `lastInvalidated`). Null when the
 * entity does not exist.
 */
export async function getGeneratedImage(
  kind: MediaKind,
  key: string,
  format: MediaFormat,
  options: { width?: number; quality?: number } = {},
): Promise<GeneratedImage | null> {
  const g = globalThis as { [IMAGE_CACHE]?: ImageCache };
  const cache = (g[IMAGE_CACHE] ??= { entries: new Map(), bytes: 0 });
  const id = `${kind}/${key}.${format}?${options.width ?? ''}&${options.quality ?? ''}`;
  const hit = cache.entries.get(id);
  if (hit && lastInvalidated(IMAGE_TAGS) < hit.at) {
    cache.entries.delete(id);
    cache.entries.set(id, hit);
    return hit.image;
  }
  const at = Date.now();
  const svg = await renderGeneratedSvg(kind, key);
  if (!svg) return null;
  const encoded = await encodeImage(svg, format, options);
  const etag = `"${createHash('sha1').update(svg).update(`${format}:${options.width ?? ''}:${options.quality ?? ''}`).digest('base64url')}"`;
  const image = { ...encoded, etag };
  if (hit) {
    cache.entries.delete(id);
    cache.bytes -= hit.image.body.byteLength;
  }
  cache.entries.set(id, { at, image });
  cache.bytes += image.body.byteLength;
  while (cache.bytes > IMAGE_CACHE_BYTES && cache.entries.size > 1) {
    const [oldest, entry] = cache.entries.entries().next().value as [string, { image: GeneratedImage }];
    cache.entries.delete(oldest);
    cache.bytes -= entry.image.body.byteLength;
  }
  return image;
}
