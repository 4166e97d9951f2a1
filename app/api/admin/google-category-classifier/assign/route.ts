import { classifierAssignBody } from '@/lib/validation/admin-classifier';
import { apiRoute } from '@/server/api/route';
import { assignCategory } from '@/server/admin/classifier';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/google-category-classifier/assign (manage_products): `{ kind: 'family' |
 * 'product', ids, categoryId }` — a category of the shipped taxonomy, or null to clear it.
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', body: classifierAssignBody },
  async ({ viewer, body }) => {
    const { changed } = await assignCategory(viewer, body);
    const key = changed === 0 ? 'assignedNone' : changed === 1 ? 'assignedOne' : 'assignedMany';
    return { data: { changed }, message: { key: `Admin.Classifier.${key}`, values: { count: changed } } };
  },
);
