import { createHash } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { encodeImage, RASTER_WIDTHS, renderGeneratedSvg } from '@/server/catalogue/images';

export const dynamic = 'force-dynamic';

const params = z.object({
  kind: z.enum(['products', 'families', 'chapters', 'brands', 'campaigns']),
  file: z.string().regex(/^[^/]{1,120}\.(svg|webp|png)$/),
});
const query = z.object({
  w: z.coerce.number().int().min(RASTER_WIDTHS.min).max(RASTER_WIDTHS.max).optional(),
  q: z.coerce.number().int().min(30).max(100).optional(),
});

function error(status: number, code: string, message: string) {
  return NextResponse.json({ success: false, error: { code, message } }, { status });
}

/** GET /media/{kind}/{key}.{svg|webp|png}?w=&q= — the app's generated catalogue images. */
export async function GET(request: NextRequest, context: { params: Promise<{ kind: string; file: string }> }) {
  const p = params.safeParse(await context.params);
  if (!p.success) return error(404, 'not_found', 'Imagem não encontrada.');
  const q = query.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!q.success) return error(400, 'bad_request', 'Parâmetros de imagem inválidos (w entre 16 e 1600, q entre 30 e 100).');

  const dot = p.data.file.lastIndexOf('.');
  const key = p.data.file.slice(0, dot);
  const format = p.data.file.slice(dot + 1) as 'svg' | 'webp' | 'png';
  try {
    const svg = await renderGeneratedSvg(p.data.kind, key);
    if (!svg) return error(404, 'not_found', 'Imagem não encontrada.');
    const etag = `"${createHash('sha1').update(svg).update(`${format}:${q.data.w ?? ''}:${q.data.q ?? ''}`).digest('base64url')}"`;
    if (request.headers.get('if-none-match') === etag) return new NextResponse(null, { status: 304, headers: { ETag: etag } });
    const image = await encodeImage(svg, format, { width: q.data.w, quality: q.data.q });
    return new NextResponse(new Uint8Array(image.body), {
      headers: {
        'Content-Type': image.contentType,
        'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
        ETag: etag,
      },
    });
  } catch (err) {
    console.error('[media] erro ao gerar imagem', p.data.kind, key, err);
    return error(500, 'internal_error', 'Não foi possível gerar a imagem.');
  }
}
