import { z } from 'zod';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/api/errors';
import { renderFactoryCatalogue, renderOwnCatalogue } from '@/server/catalogue/documents';

export const dynamic = 'force-dynamic';

const params = z.object({
  kind: z.enum(['catalogos', 'fabrica']),
  file: z.string().regex(/^[a-z0-9-]{1,120}\.pdf$/),
});

/** GET /documentos/catalogos/{chapter}.pdf and /documentos/fabrica/{brand}.pdf — generated PDF catalogues. */
export const GET = rawRoute({ params, cache: { maxAge: 3600 } }, async ({ params: { kind, file } }) => {
  const key = file.slice(0, -'.pdf'.length);
  const pdf = kind === 'catalogos' ? await renderOwnCatalogue(key) : await renderFactoryCatalogue(key);
  if (!pdf) throw new AppError({ code: 'not_found', message: 'Documento não encontrado.' });
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${key}.pdf"` },
  });
});
