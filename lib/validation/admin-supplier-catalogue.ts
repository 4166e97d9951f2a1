/**
 * The supplier catalogue form (/admin/supplier-catalogues/new and /edit/{id}), shared by
 * the form (react-hook-form) and the route handlers (the multipart fields, all strings). Messages
 * are keys of `Admin.SupplierCatalogues.validation` in messages/pt-PT.json.
 */
import { z } from 'zod';

const k = (name: string) => `Admin.SupplierCatalogues.validation.${name}`;

export const SUPPLIER_CATALOGUE_TITLE_MAX = 160;
export const SUPPLIER_CATALOGUE_YEAR_MIN = 1950;
export const SUPPLIER_CATALOGUE_YEAR_MAX = 2100;
export const SUPPLIER_CATALOGUE_SOURCES = ['upload', 'link'] as const;
export type SupplierCatalogueSource = (typeof SUPPLIER_CATALOGUE_SOURCES)[number];

const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v == null ? '' : v);

/** An http(s) address, or ''. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const supplierCatalogueSchema = z
  .object({
    brandId: z.preprocess(asText, z.string(k('brandRequired')).regex(/^[1-9]\d{0,8}$/, k('brandRequired'))).transform(Number),
    title: z.preprocess(asText, z.string(k('titleRequired')).min(2, k('titleRequired')).max(SUPPLIER_CATALOGUE_TITLE_MAX, k('titleTooLong'))),
    year: z
      .preprocess(asText, z.string(k('yearInvalid')).regex(/^(\d{4})?$/, k('yearInvalid')))
      .transform((v) => (v ? Number(v) : null))
      .refine((v) => v === null || (v >= SUPPLIER_CATALOGUE_YEAR_MIN && v <= SUPPLIER_CATALOGUE_YEAR_MAX), k('yearInvalid')),
    source: z.enum(SUPPLIER_CATALOGUE_SOURCES, k('sourceRequired')),
    externalUrl: z.preprocess(asText, z.string(k('urlInvalid')).max(2000, k('urlInvalid'))),
    active: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
  })
  .superRefine((value, ctx) => {
    if (value.source === 'link' && !isHttpUrl(value.externalUrl)) ctx.addIssue({ code: 'custom', path: ['externalUrl'], message: k('urlInvalid') });
  });

export type SupplierCatalogueFormValues = z.input<typeof supplierCatalogueSchema>;
export type SupplierCatalogueInput = z.output<typeof supplierCatalogueSchema>;

/** The edit form also sends the version it was loaded with. */
export const versionField = z.preprocess(asText, z.string().regex(/^[1-9]\d{0,8}$/, k('versionInvalid'))).transform(Number);

/** `POST /api/admin/supplier-catalogues/order`: the catalogues' ids in their new order. */
export const supplierCatalogueOrderBody = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647), k('orderInvalid')).min(1, k('orderInvalid')).max(1000, k('orderInvalid')),
});

export const supplierCatalogueDeleteQuery = z.object({ version: versionField });
