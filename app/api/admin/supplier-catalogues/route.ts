import { apiRoute } from '@/server/api/route';
import { SUPPLIER_CATALOGUE_BODY_LIMIT, readSupplierCatalogueForm } from '@/server/admin/supplier-catalogue-requests';
import { createSupplierCatalogue } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/supplier-catalogues (manage_products): a new supplier catalogue from the form
 * (multipart: brandId, title, year, source 'upload' | 'link', externalUrl, active, the `pdf`
 * file, an optional `cover` image). 201-like answer with the catalogue; 400 with the field
 * messages, 415 for a file that is not a PDF / an image.
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', bodyLimit: SUPPLIER_CATALOGUE_BODY_LIMIT },
  async ({ request, viewer }) => {
    const { input, files } = await readSupplierCatalogueForm(request);
    const created = await createSupplierCatalogue(viewer, input, files);
    return { data: created, message: { key: 'Admin.SupplierCatalogues.created' }, status: 201 };
  },
);
