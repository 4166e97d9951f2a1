import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ChapterIconName } from '@/lib/catalogue/chapters';
import { getChapterDefinition } from '@/lib/catalogue/chapters';
import type { MediaFormat, MediaKind } from '@/lib/catalogue/media';
import { getDb } from '@/server/db/client';
import { getCachedMedia, type CachedMedia } from '@/server/media/cache';
import { sharp, withSharp } from '@/server/media/sharp';
import { brands, campaigns, chapters, families, products } from '@/server/db/schema';
import {
  brandLogoSvg,
  campaignImageSvg,
  chapterImageSvg,
  familyImageSvg,
  productImageSvg,
} from '@/server/media/art';

const DEFAULT_THEME = { from: '#e2e8f0', to: '#94a3b8', accent: '#334155' };

async function chapterLook(code: number): Promise<{ icon: ChapterIconName; theme: typeof DEFAULT_THEME }> {
  const db = await getDb();
  const [row] = await db.select({ icon: chapters.icon, theme: chapters.theme }).from(chapters).where(eq(chapters.code, code));
  const fallback = getChapterDefinition(code);
  return {
    icon: (row?.icon ?? fallback?.icon ?? 'pipe') as ChapterIconName,
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
        .where(and(eq(products.productCode, key), eq(products.active, true)));
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

/** Widths a client may ask for (`?w=`): anything in range is served at the next one up. */
export const RASTER_WIDTHS = { min: 16, max: 1600 } as const;
/**
 * The widths the shop renders: every width its pages and feeds ask for (cards 320/480, gallery
 * 120/480/720/1000, campaign 640, chapter tiles 160, thumbnails 40/64, social images 400/800/1200).
 * A fixed list bounds what can be rendered and cached: about 13 × 5 versions of an image, not
 * 1,600 × 71.
 */
export const RASTER_WIDTH_STEPS = [40, 64, 120, 160, 320, 400, 480, 640, 720, 800, 1000, 1200, 1600] as const;
/** Qualities a client may ask for (`?q=`), and those rendered (the nearest one). */
export const RASTER_QUALITIES = { min: 30, max: 100 } as const;
export const RASTER_QUALITY_STEPS = [60, 70, 75, 80, 90] as const;
const DEFAULT_QUALITY = 75;

/** The width rendered for a requested one: the smallest step at least as wide (the largest past it). */
export function snapWidth(width: number | undefined): number | undefined {
  if (width === undefined) return undefined;
  return RASTER_WIDTH_STEPS.find((w) => w >= width) ?? RASTER_WIDTH_STEPS[RASTER_WIDTH_STEPS.length - 1];
}

/** The quality rendered for a requested one: the nearest step (the higher one on a tie). */
export function snapQuality(quality: number | undefined): number {
  if (quality === undefined) return DEFAULT_QUALITY;
  let best: number = RASTER_QUALITY_STEPS[0];
  for (const q of RASTER_QUALITY_STEPS) if (Math.abs(q - quality) <= Math.abs(best - quality)) best = q;
  return best;
}

/** Renders the SVG in the requested format; raster formats are resized to `width` (sharp, through its queue). */
export async function encodeImage(
  svg: string,
  format: MediaFormat,
  options: { width?: number; quality?: number } = {},
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'svg') return { body: Buffer.from(svg), contentType: SVG_TYPE };
  const quality = options.quality ?? DEFAULT_QUALITY;
  return withSharp(async () => {
    let image = sharp(Buffer.from(svg), { density: 144 });
    if (options.width) image = image.resize({ width: options.width, withoutEnlargement: false });
    if (format === 'webp') return { body: await image.webp({ quality }).toBuffer(), contentType: 'image/webp' };
    return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
  });
}

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const CONTENT_TYPES: Record<MediaFormat, string> = { svg: SVG_TYPE, webp: 'image/webp', png: 'image/png' };

/** A generated image ready to send: bytes, type, a validator, and whether it came from a cache. */
export type GeneratedImage = CachedMedia;

/**
 * The generated image of a catalogue entity in a format and size (server/media/cache: memory,
 * then disk under DATA_DIR, then drawn and encoded once per content version). The width snaps to
 * `RASTER_WIDTH_STEPS` and the quality to `RASTER_QUALITY_STEPS` (PNG and SVG have no quality,
 * SVG no width), so every URL in range shares one of a few renderings. Null when the entity does
 * not exist (or the product is not active); `'not-modified'` for a matching `If-None-Match`.
 */
export async function getGeneratedImage(
  kind: MediaKind,
  key: string,
  format: MediaFormat,
  options: { width?: number; quality?: number; ifNoneMatch?: string | null } = {},
): Promise<GeneratedImage | 'not-modified' | null> {
  const width = format === 'svg' ? undefined : snapWidth(options.width);
  const quality = format === 'webp' ? snapQuality(options.quality) : undefined;
  const id = `image:${kind}/${key}.${format}?w=${width ?? ''}&q=${quality ?? ''}`;
  return getCachedMedia(
    id,
    CONTENT_TYPES[format],
    async () => {
      const svg = await renderGeneratedSvg(kind, key);
      return svg ? (await encodeImage(svg, format, { width, quality })).body : null;
    },
    options.ifNoneMatch,
  );
}
