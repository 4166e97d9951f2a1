/**
 * A brand as the admin form (/admin/brands) sends it and the server action checks it: name, slug,
 * logo (an upload's URL), official site (http/https), partner-strip membership and order, and the
 * version the editor loaded. Messages are keys of messages/pt-PT.json (`Admin.Brands.validation`).
 */
import { z } from 'zod';

const K = (key: string) => `Admin.Brands.validation.${key}`;

export const BRAND_NAME_MAX = 80;
export const BRAND_SLUG_MAX = 80;
export const BRAND_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An http(s) address with a host (the brand's official site). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const brandSchema = z.object({
  /** Absent: a new brand. */
  id: z.coerce.number({ error: K('invalid') }).int().min(1).max(2_147_483_647).optional(),
  version: z.coerce.number({ error: K('invalid') }).int().min(1).max(2_147_483_647).optional(),
  name: z.string({ error: K('nameRequired') }).trim().min(1, K('nameRequired')).max(BRAND_NAME_MAX, K('nameTooLong')),
  slug: z
    .string({ error: K('slugInvalid') })
    .trim()
    .toLowerCase()
    .max(BRAND_SLUG_MAX, K('slugInvalid'))
    .refine((v) => v === '' || BRAND_SLUG_PATTERN.test(v), K('slugInvalid'))
    .optional()
    .transform((v) => v || null),
  logo: z
    .string({ error: K('logoInvalid') })
    .trim()
    .max(500, K('logoInvalid'))
    .refine((v) => v === '' || (/^\/media\/[A-Za-z0-9._~/%-]+$/.test(v) && !v.includes('..')), K('logoInvalid'))
    .optional()
    .transform((v) => v || null),
  official_site: z
    .string({ error: K('siteInvalid') })
    .trim()
    .max(300, K('siteInvalid'))
    .refine((v) => v === '' || isWebAddress(v), K('siteInvalid'))
    .optional()
    .transform((v) => v || null),
  partner: z.boolean({ error: K('invalid') }).optional().default(false),
  partner_order: z.coerce.number({ error: K('orderInvalid') }).int(K('orderInvalid')).min(0, K('orderInvalid')).max(999, K('orderInvalid')).optional().default(0),
});

export type BrandInput = z.output<typeof brandSchema>;

export interface BrandFormValues {
  name: string;
  slug: string;
  logo: string;
  official_site: string;
  partner: boolean;
  partner_order: number;
}

export const brandMergeSchema = z
  .object({
    source_id: z.coerce.number({ error: K('mergeTarget') }).int().min(1, K('mergeTarget')).max(2_147_483_647),
    target_id: z.coerce.number({ error: K('mergeTarget') }).int().min(1, K('mergeTarget')).max(2_147_483_647),
  })
  .refine((v) => v.source_id !== v.target_id, { path: ['target_id'], message: K('mergeSame') });
