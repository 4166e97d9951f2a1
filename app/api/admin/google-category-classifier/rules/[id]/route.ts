import { z } from 'zod';
import { classifierRuleDeleteQuery, classifierRuleUpdateBody } from '@/lib/validation/admin-classifier';
import { isDbId } from '@/lib/validation/ids';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { deleteRule, updateRule } from '@/server/admin/classifier';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.string() });

function ruleId(id: string): number {
  if (!isDbId(id)) throw new AppError({ code: 'not_found', key: 'Admin.Classifier.notFound' });
  return Number(id);
}

/** PUT /api/admin/google-category-classifier/rules/{id} (manage_products): the rule and the version it was loaded with. */
export const PUT = apiRoute(
  { auth: 'required', permission: 'manage_products', params, body: classifierRuleUpdateBody },
  async ({ viewer, params, body }) => ({ data: await updateRule(viewer, ruleId(params.id), body.version, body), message: { key: 'Admin.Classifier.ruleSaved' } }),
);

/** DELETE /api/admin/google-category-classifier/rules/{id}?version=N (manage_products). */
export const DELETE = apiRoute(
  { auth: 'required', permission: 'manage_products', params, query: classifierRuleDeleteQuery },
  async ({ viewer, params, query }) => {
    await deleteRule(viewer, ruleId(params.id), query.version);
    return { data: { id: Number(params.id) }, message: { key: 'Admin.Classifier.ruleDeleted' } };
  },
);
