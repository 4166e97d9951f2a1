import { classifierRuleSchema } from '@/lib/validation/admin-classifier';
import { apiRoute } from '@/server/api/route';
import { createRule, listRules } from '@/server/admin/classifier';

export const dynamic = 'force-dynamic';

/** GET /api/admin/google-category-classifier/rules (manage_products): the keyword rules. */
export const GET = apiRoute({ auth: 'required', permission: 'manage_products' }, async () => ({ data: await listRules() }));

/** POST /api/admin/google-category-classifier/rules (manage_products): `{ keywords, categoryId, priority }`. */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_products', body: classifierRuleSchema },
  async ({ viewer, body }) => ({ data: await createRule(viewer, body), message: { key: 'Admin.Classifier.ruleCreated' }, status: 201 }),
);
