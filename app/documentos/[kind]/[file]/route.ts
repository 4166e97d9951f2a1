import { z } from 'zod';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { getCatalogueDocument } from '@/server/catalogue/documents';

export const dynamic = 'force-dynamic';

const params = z.object({
  kind: z.enum(['catalogos', 'fabrica']),
  file: z.string().regex(/^[a-z0-9-]{1,120}\.pdf$/),
});

/**
 * GET /documentos/catalogos/{chapter}.pdf and /documentos/fabrica/{brand}.pdf — generated PDF
 * catalogues, made once per content version and then served from the media cache (memory, then
 * disk); `ETag` and `If-None-Match` (304), `X-Cache` as on /media.
 */
export const GET = rawRoute({ params, cache: { maxAge: 3600 } }, async ({ params: { kind, file }, request }) => {
  const key = file.slice(0, -'.pdf'.length);
  const ifNoneMatch = request.headers.get('if-none-match');
  const pdf = await getCatalogueDocument(kind, key, ifNoneMatch);
  if (pdf && pdf !== 'not-modified' && 'movedTo' in pdf) return new Response(null, { status: 308, headers: { Location: `/documentos/fabrica/${pdf.movedTo}.pdf` } });
  if (!pdf) throw new AppError({ code: 'not_found', key: 'Api.documentNotFound' });
  if (pdf === 'not-modified') return new Response(null, { status: 304, headers: { ETag: ifNoneMatch ?? '' } });
  return new Response(new Uint8Array(pdf.body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${key}.pdf"`,
      ETag: pdf.etag,
      'X-Cache': pdf.source === 'render' ? 'MISS' : `HIT-${pdf.source.toUpperCase()}`,
    },
  });
});
