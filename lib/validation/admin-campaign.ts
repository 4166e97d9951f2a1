/**
 * A campaign as the admin form and the write API (spec 7: POST/PUT /api/campaigns) take it.
 * Shared by the form (react-hook-form) and the server; messages are keys of messages/pt-PT.json
 * (`Admin.Campaigns.validation.*`), translated where they are shown (the API answers their text).
 */
import { z } from 'zod';
import { parseCampaignDate } from '@/lib/campaigns/dates';

const K = (key: string) => `Admin.Campaigns.validation.${key}`;

export const CAMPAIGN_TITLE_MAX = 160;
export const CAMPAIGN_SLUG_MAX = 120;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const CAMPAIGN_CATEGORY_MAX = 80;
export const CAMPAIGN_PRODUCTS_MAX = 500;

export const CAMPAIGN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The image: an upload of the admin area (`/media/uploads/…`), another media path, or an http(s) URL. */
export function isCampaignImageUrl(value: string): boolean {
  if (/^\/media\/[A-Za-z0-9._~/%-]+$/.test(value) && !value.includes('..')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** '' and null clear an optional text. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: K('invalid') })
    .trim()
    .max(max, K(tooLong))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A date (ISO instant, or Lisbon wall-clock `YYYY-MM-DDTHH:mm`); '' and null clear it. */
const dateField = z
  .union([z.string({ error: K('dateInvalid') }), z.null()], { error: K('dateInvalid') })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    const d = parseCampaignDate(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: K('dateInvalid') });
      return z.NEVER;
    }
    return d;
  });

/** Every field of a campaign, each optional (an update changes what it sends). */
const fields = {
  title: z.string({ error: K('titleRequired') }).trim().min(1, K('titleRequired')).max(CAMPAIGN_TITLE_MAX, K('titleTooLong')),
  /** Generated from the title when absent or empty. */
  slug: z
    .string({ error: K('slugInvalid') })
    .trim()
    .toLowerCase()
    .max(CAMPAIGN_SLUG_MAX, K('slugInvalid'))
    .refine((v) => v === '' || CAMPAIGN_SLUG_PATTERN.test(v), K('slugInvalid'))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  description: optionalText(CAMPAIGN_DESCRIPTION_MAX, 'descriptionTooLong'),
  category: optionalText(CAMPAIGN_CATEGORY_MAX, 'categoryTooLong'),
  image: z
    .string({ error: K('imageInvalid') })
    .trim()
    .max(500, K('imageInvalid'))
    .refine((v) => v === '' || isCampaignImageUrl(v), K('imageInvalid'))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  starts_at: dateField,
  ends_at: dateField,
  active: z.boolean({ error: K('invalid') }).optional(),
  featured: z.boolean({ error: K('invalid') }).optional(),
  /** The linked products' codes (`product_code`), in the order the campaign shows them. */
  product_codes: z
    .array(z.string({ error: K('productsInvalid') }).trim().min(1, K('productsInvalid')).max(64, K('productsInvalid')), { error: K('productsInvalid') })
    .max(CAMPAIGN_PRODUCTS_MAX, K('productsTooMany'))
    .optional(),
};

function endNotBeforeStart(value: { starts_at?: Date | null; ends_at?: Date | null }, ctx: z.RefinementCtx) {
  if (value.starts_at && value.ends_at && value.ends_at.getTime() < value.starts_at.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: K('endBeforeStart') });
  }
}

/** POST /api/campaigns and the "Nova campanha" form: a title at least. */
export const campaignCreateSchema = z.object(fields).superRefine(endNotBeforeStart);

/**
 * PUT /api/campaigns/{id} and the edit form: any of the fields (absent ones keep their value) and
 * optionally the `version` the editor loaded (a save over a newer one is refused, 409).
 */
export const campaignUpdateSchema = z
  .object({
    ...fields,
    title: fields.title.optional(),
    version: z.coerce.number({ error: K('invalid') }).int(K('invalid')).min(1, K('invalid')).max(2_147_483_647, K('invalid')).optional(),
  })
  .superRefine(endNotBeforeStart);

export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
export type CampaignCreate = z.output<typeof campaignCreateSchema>;
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

/** The message key of an end date before the start (the server checks it again after merging an update). */
export const END_BEFORE_START = K('endBeforeStart');

/** What the admin form holds (dates as Lisbon `datetime-local` values). */
export interface CampaignFormValues {
  title: string;
  slug: string;
  description: string;
  category: string;
  image: string;
  starts_at: string;
  ends_at: string;
  active: boolean;
  featured: boolean;
  product_codes: string[];
}

/** The form's check: the create schema (the same rules; the server applies them again). */
export const campaignFormSchema = campaignCreateSchema;
