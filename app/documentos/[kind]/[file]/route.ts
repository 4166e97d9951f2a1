import { NextResponse } from 'next/server';
import { AppError, errorResponse, handleApiError } from '@/server/api/errors';
import { renderFactoryCatalogue, renderOwnCatalogue } from '@/server/catalogue/documents';

export const dynamic = 'force-dynamic';

/** GET /documentos/catalogos/{chapter}.pdf and /documentos/fabrica/{brand}.pdf — generated PDF catalogues. */
export async function GET(_request: Request, context: { params: Promise<{ kind: string; file: string }> }) {
  try {
    const { kind, file } = await context.params;
    const m = /^([a-z0-9-]{1,120})\.pdf$/.exec(file);
    if (!m || (kind !== 'catalogos' && kind !== 'fabrica')) return errorResponse(new AppError({ code: 'not_found', message: 'Documento não encontrado.' }));
    const pdf = kind === 'catalogos' ? await renderOwnCatalogue(m[1]!) : await renderFactoryCatalogue(m[1]!);
    if (!pdf) return errorResponse(new AppError({ code: 'not_found', message: 'Documento não encontrado.' }));
    return new NextResponse(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${m[1]}.pdf"`,
        'Cache-Control': 'public, max-age=3600',
      },
    });
  } catch (err) {
    return handleApiError(err);
  }
}
