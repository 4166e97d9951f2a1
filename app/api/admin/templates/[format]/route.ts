import { z } from 'zod';
import { hasAccess } from '@/lib/auth/permissions';
import { IMPORT_FORMAT_IDS, IMPORT_FORMATS, templateCsv, type ImportFormatId } from '@/lib/admin/import-formats';
import { AppError } from '@/server/errors';
import { rawRoute } from '@/server/api/route';

export const dynamic = 'force-dynamic';

/** Who may download each template: whoever may import that file. */
const ACCESS: Record<ImportFormatId, 'manage_products' | 'manage_users' | 'admin'> = {
  catalogue: 'manage_products',
  'erp-prices': 'admin',
  'erp-clients': 'admin',
  'price-rules': 'manage_users',
};

/**
 * GET /api/admin/templates/{catalogue|erp-prices|erp-clients|price-rules}: the template
 * of an import file — the header and a couple of example lines, CSV in UTF-8 with `;` — for the
 * staff who may import it.
 */
export const GET = rawRoute(
  { auth: 'required', params: z.object({ format: z.enum(IMPORT_FORMAT_IDS) }), cache: 'no-store' },
  async ({ params, viewer }) => {
    const need = ACCESS[params.format];
    const allowed = need === 'admin' ? viewer.isAdmin : hasAccess(viewer, need);
    if (!allowed) throw new AppError({ code: 'forbidden', key: need === 'admin' ? 'Admin.Erp.errors.adminOnly' : 'Errors.forbidden' });
    return new Response(templateCsv(params.format), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${IMPORT_FORMATS[params.format].fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);
