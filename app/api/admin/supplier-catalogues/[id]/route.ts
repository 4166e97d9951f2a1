import { z } from 'zod';
import { supplierCatalogueDeleteQuery } from '@/lib/validation/admin-supplier-catalogue';
import { isDbId } from '@/lib/validation/ids';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { SUPPLIER_CATALOGUE_BODY_LIMIT, readSupplierCatalogueForm } from '@/server/admin/supplier-catalogue-requests';
import { deleteSupplierCatalogue, updateSupplierCatalogue } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.string() });

function catalogueId(id: string): number {
  if (!isDbId(id)) throw new AppError({ code: 'not_found', key: 'Admin.SupplierCatalogues.notFound' });
  return Number(id);
}

/**
 * PUT /api/admin/supplier-catalogues/{id} (manage_products): the edit form (multipart, as the
 * create plus `version`). A save over a newer version is refused: 409 `Admin.stale` with the
 * record as it is now in `data`.
 */
export const PUT = apiRoute(
  { auth: 'required', permission: 'manage_products', params, bodyLimit: SUPPLIER_CATALOGUE_BODY_LIMIT },
  async ({ request, viewer, params }) => {
    const id = catalogueId(params.id);
    const { input, files, version } = await readSupplierCatalogueForm(request);
    if (version === null) throw new AppError({ code: 'bad_request', key: 'Admin.SupplierCatalogues.validation.versionInvalid' });
    const saved = await updateSupplierCatalogue(viewer, id, version, input, files);
    return { data: saved, message: { key: 'Admin.SupplierCatalogues.saved' } };
  },
);

/** DELETE /api/admin/supplier-catalogues/{id}?version=N (manage_products). */
export const DELETE = apiRoute(
  { auth: 'required', permission: 'manage_products', params, query: supplierCatalogueDeleteQuery },
  async ({ viewer, params, query }) => {
    await deleteSupplierCatalogue(viewer, catalogueId(params.id), query.version);
    return { data: { id: Number(params.id) }, message: { key: 'Admin.SupplierCatalogues.deleted' } };
  },
);
