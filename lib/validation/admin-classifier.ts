/**
 * Inputs of the Google category classifier (/admin/google-category-classifier): a
 * category for families or products, and the keyword rules. Messages are keys of
 * `Admin.Classifier.validation`.
 */
import { z } from 'zod';
import { isKnownGoogleCategory } from '@/lib/catalogue/google-taxonomy';

const k = (name: string) => `Admin.Classifier.validation.${name}`;
const id = z.number(k('idsInvalid')).int(k('idsInvalid')).min(1, k('idsInvalid')).max(2_147_483_647, k('idsInvalid'));
const category = z.number(k('categoryUnknown')).int(k('categoryUnknown')).refine(isKnownGoogleCategory, k('categoryUnknown'));

/** `POST /api/admin/google-category-classifier/assign`: null clears (products then follow their family again). */
export const classifierAssignBody = z.object({
  kind: z.enum(['family', 'product'], k('kindInvalid')),
  ids: z.array(id, k('idsInvalid')).min(1, k('idsRequired')).max(500, k('idsInvalid')),
  categoryId: category.nullable(),
});
export type ClassifierAssignInput = z.output<typeof classifierAssignBody>;

/**
 * `POST /api/admin/google-category-classifier/apply`: the confident suggestions of these families
 * or products; without `ids`, of every unclassified family (products always name theirs).
 */
export const classifierApplyBody = z
  .object({
    kind: z.enum(['family', 'product'], k('kindInvalid')),
    ids: z.array(id, k('idsInvalid')).min(1, k('idsRequired')).max(500, k('idsInvalid')).optional(),
  })
  .refine((v) => v.kind === 'family' || v.ids !== undefined, { message: k('idsRequired'), path: ['ids'] });
export type ClassifierApplyInput = z.output<typeof classifierApplyBody>;

export const RULE_KEYWORDS_MAX = 300;

/** The rule form: keywords separated by commas, a category, a priority. */
export const classifierRuleSchema = z.object({
  keywords: z
    .string(k('keywordsRequired'))
    .trim()
    .max(RULE_KEYWORDS_MAX, k('keywordsTooLong'))
    .refine((v) => splitKeywords(v).length > 0, k('keywordsRequired')),
  categoryId: category,
  priority: z.number(k('priorityInvalid')).int(k('priorityInvalid')).min(-1000, k('priorityInvalid')).max(1000, k('priorityInvalid')),
});
export type ClassifierRuleInput = z.output<typeof classifierRuleSchema>;

export const classifierRuleUpdateBody = classifierRuleSchema.extend({ version: id });
export const classifierRuleDeleteQuery = z.object({ version: z.string().regex(/^[1-9]\d{0,8}$/, k('idsInvalid')).transform(Number) });

/** "torneira, misturadora ; monocomando" → ['torneira', 'misturadora', 'monocomando'] (trimmed, no empties). */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((w) => w.trim().replace(/\s+/g, ' '))
    .filter((w) => w.length > 0);
}
