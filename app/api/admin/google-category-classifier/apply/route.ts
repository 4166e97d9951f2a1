import { classifierApplyBody } from '@/lib/validation/admin-classifier';
import { apiRoute } from '@/server/api/route';
import { applySuggestions } from '@/server/admin/classifier';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/google-category-classifier/apply (manage_products): `{ kind, ids? }` — applies
 * the confident suggestions (recomputed on the server) of these families or products, or of every
 * unclassified family when `ids` is absent. Answers `{ changed, skipped }`.
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', body: classifierApplyBody },
  async ({ viewer, body }) => {
    const result = await applySuggestions(viewer, body);
    return { data: result, message: { key: 'Admin.Classifier.appliedSuggestions', values: { changed: result.changed, skipped: result.skipped } } };
  },
);
