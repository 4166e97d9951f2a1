import { z } from 'zod';
import { SHEET_FILE_PATTERN, parseSheetFile } from '@/lib/technical-sheets';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { getPublishedSheetFile } from '@/server/technical-sheets/files';

export const dynamic = 'force-dynamic';

const params = z.object({ file: z.string().regex(SHEET_FILE_PATTERN) });

/**
 * GET /documentos/fichas-tecnicas/ficha-{id}-{slug}.pdf (the PDF rendered from the sheet) and
 * /documentos/fichas-tecnicas/fabricante-{id}-{slug}.pdf (the manufacturer's PDF): public,
 * cached for a few minutes, `ETag` per version; 404 for a sheet that is not published.
 */
export const GET = rawRoute({ params, cache: { maxAge: 300 } }, async ({ params: { file }, request }) => {
  const parsed = parseSheetFile(file);
  const found = parsed ? await getPublishedSheetFile(parsed.kind, parsed.id) : null;
  if (!parsed || !found) throw new AppError({ code: 'not_found', key: 'Api.documentNotFound' });
  const etag = `"ficha-${parsed.id}-${parsed.kind}-v${found.version}-${found.body.byteLength}"`;
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
  return new Response(new Uint8Array(found.body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${file}"`,
      ETag: etag,
    },
  });
});
