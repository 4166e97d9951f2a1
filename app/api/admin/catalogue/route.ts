import { NextResponse } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { readMultipartForm } from '@/server/files/multipart';
import { apiRoute, rawRoute } from '@/server/api/route';
import { tooLargeError } from '@/server/files';
import {
  MAX_UPLOAD_BYTES,
  exportCatalogueCsv,
  exportCatalogueXlsx,
  importUploadedCatalogue,
} from '@/server/import/index';

export const dynamic = 'force-dynamic';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * GET /api/admin/catalogue: the whole catalogue in the import format, CSV (default) or XLSX
 * (`?format=xlsx`), for staff with manage_products.
 */
export const GET = rawRoute(
  { auth: 'required', permission: 'manage_products', cache: 'no-store', query: z.object({ format: z.enum(['csv', 'xlsx']).optional() }) },
  async ({ query }) => {
    if (query.format === 'xlsx') {
      const xlsx = await exportCatalogueXlsx();
      return new NextResponse(new Uint8Array(xlsx), {
        headers: {
          ...PRIVATE,
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="catalogo.xlsx"',
        },
      });
    }
    const csv = await exportCatalogueCsv();
    return new NextResponse(csv, {
      headers: {
        ...PRIVATE,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="catalogo.csv"',
      },
    });
  },
);

/**
 * POST /api/admin/catalogue: imports a catalogue file (the body, or the `file` field of a form;
 * CSV or XLSX) for staff with manage_products. All or nothing: 422 with every problem listed
 * ('Linha 14, coluna ean: …'), or the summary of what changed. Every server instance's cached
 * pages follow (server/cache).
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', cache: 'no-store', bodyLimit: MAX_UPLOAD_BYTES },
  async ({ request, viewer }) => {
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > MAX_UPLOAD_BYTES)
      throw tooLargeError(MAX_UPLOAD_BYTES);
    let bytes: Buffer;
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const file = (await readMultipartForm(request, { files: { file: MAX_UPLOAD_BYTES } }))?.get('file');
      if (!file || typeof file === 'string')
        throw new AppError({
          code: 'bad_request',
          key: 'Api.catalogue.fileMissing',
        });
      bytes = Buffer.from(await file.arrayBuffer());
    } else {
      bytes = Buffer.from(await request.arrayBuffer());
    }
    if (bytes.length === 0)
      throw new AppError({ code: 'bad_request', key: 'Api.catalogue.fileEmpty' });
    if (bytes.length > MAX_UPLOAD_BYTES)
      throw tooLargeError(MAX_UPLOAD_BYTES);
    const result = await importUploadedCatalogue(bytes, viewer);
    if (!result.ok) {
      throw new AppError({
        code: 'unprocessable',
        key: 'Api.catalogue.notImported',
        values: { count: result.problems.length },
        details: { rows: result.problems },
      });
    }
    return { data: { rows: result.rows, summary: result.summary }, message: { key: 'Api.catalogue.imported' } };
  },
);
