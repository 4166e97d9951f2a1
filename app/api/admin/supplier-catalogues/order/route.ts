import { supplierCatalogueOrderBody } from '@/lib/validation/admin-supplier-catalogue';
import { apiRoute } from '@/server/api/route';
import { reorderSupplierCatalogues } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

/** POST /api/admin/supplier-catalogues/order (manage_products): `{ ids }` in their new order. */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', body: supplierCatalogueOrderBody },
  async ({ viewer, body }) => {
    await reorderSupplierCatalogues(viewer, body.ids);
    return { data: { ids: body.ids }, message: { key: 'Admin.SupplierCatalogues.reordered' } };
  },
);
