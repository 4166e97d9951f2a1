import { NextResponse } from 'next/server';
import { changeLogFiltersSchema } from '@/lib/validation/catalogue-management';
import { rawRoute } from '@/server/api/route';
import { exportCatalogueChangesCsv } from '@/server/catalogue/change-log-csv';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/catalogue/changes (manage_products): the change log's filtered view as CSV
 * (`;`, UTF-8 with BOM, newest first), with the filters of /admin/catalogue-management/change-logs.
 */
export const GET = rawRoute(
  { auth: 'required', permission: 'manage_products', cache: 'no-store', query: changeLogFiltersSchema },
  async ({ query }) => {
    const csv = await exportCatalogueChangesCsv(query);
    return new NextResponse(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="alteracoes-catalogo.csv"',
      },
    });
  },
);
