import { z } from 'zod';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { getGeneratedImage, RASTER_QUALITIES, RASTER_WIDTHS } from '@/server/catalogue/images';

export const dynamic = 'force-dynamic';

/** The key each kind of image is named by (chapter codes are small numbers, families `10-010`…). */
const KEYS = {
  products: /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/,
  families: /^\d{1,4}-\d{3}$/,
  chapters: /^\d{1,4}$/,
  brands: /^[a-z0-9-]{1,120}$/,
  campaigns: /^[a-z0-9-]{1,120}$/,
} as const;

const params = z
  .object({
    kind: z.enum(['products', 'families', 'chapters', 'brands', 'campaigns']),
    file: z.string().regex(/^[^/]{1,120}\.(svg|webp|png)$/),
  })
  .transform(({ kind, file }, ctx) => {
    const dot = file.lastIndexOf('.');
    const key = file.slice(0, dot);
    if (!KEYS[kind].test(key)) {
      ctx.addIssue({ code: 'custom', message: 'Api.imageNotFound' });
      return z.NEVER;
    }
    return { kind, key, format: file.slice(dot + 1) as 'svg' | 'webp' | 'png' };
  });

const query = z.object({
  w: z.coerce.number().int().min(RASTER_WIDTHS.min).max(RASTER_WIDTHS.max).optional(),
  q: z.coerce.number().int().min(RASTER_QUALITIES.min).max(RASTER_QUALITIES.max).optional(),
});

/**
 * GET /media/{kind}/{key}.{svg|webp|png}?w=&q= — the app's generated catalogue images. A name
 * that cannot be an image (or a product no longer sold) is a 404; a width or quality out of range
 * a 400. Widths and qualities in range are served at the nearest rendered step
 * (server/catalogue/images.ts), from the media cache (memory, then disk) when already made.
 * `X-Cache` says where the body came from (MISS: rendered now).
 */
export const GET = rawRoute(
  { params, query, cache: { maxAge: 86_400, staleWhileRevalidate: 604_800 } },
  async ({ params: { kind, key, format }, query: { w, q }, request }) => {
    const ifNoneMatch = request.headers.get('if-none-match');
    const image = await getGeneratedImage(kind, key, format, { width: w, quality: q, ifNoneMatch });
    if (!image) throw new AppError({ code: 'not_found', key: 'Api.imageNotFound' });
    if (image === 'not-modified') return new Response(null, { status: 304, headers: { ETag: ifNoneMatch ?? '' } });
    return new Response(new Uint8Array(image.body), {
      headers: { 'Content-Type': image.contentType, ETag: image.etag, 'X-Cache': image.source === 'render' ? 'MISS' : `HIT-${image.source.toUpperCase()}` },
    });
  },
);
