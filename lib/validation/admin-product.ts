/**
 * The product form of /admin/products/new and /admin/products/edit/{id}, shared by the
 * form (react-hook-form) and the server action (validatedAction): every field as the form holds
 * it (text boxes are strings, the decimal comma accepted), checked and normalised into what the
 * database stores. Messages are keys of messages/pt-PT.json (`Admin.Products.errors.*`).
 *
 * Models follow the catalogue import's rules (server/import/validate.ts): codes of letters,
 * digits and `._/-`, net prices with at most 4 decimals, EAN-8/12/13/14 with a valid check digit,
 * packages `10`, `10/50` or `-`. Technical attributes are written one a line, `name = value unit`,
 * split like the import's (`16 mm` → value 16, unit mm) and given the numeric value the listing
 * filters compare (lib/catalogue/facets.ts: `0,5 m` = `500 mm`).
 */
import { z } from 'zod';
import { splitValueUnit } from '@/lib/catalogue/attributes';
import { canonicalMoney, parseDecimal } from '@/lib/catalogue/decimal';
import { isValidEan } from '@/lib/catalogue/ean';
import { facetValueKey } from '@/lib/catalogue/facets';
import { DB_INT_MAX } from './ids';

const E = (key: string) => `Admin.Products.errors.${key}`;

export const PRODUCT_STOCK_STATUSES = ['in_stock', 'out_of_stock', 'on_order'] as const;
export type ProductStockStatus = (typeof PRODUCT_STOCK_STATUSES)[number];
export const MODEL_STATUSES = ['active', 'inactive'] as const;

/** Length hints of the SEO fields (what search engines show), not limits. */
export const SEO_NAME_HINT = 60;
export const SEO_DESCRIPTION_HINT = 155;
export const MAX_IMAGES = 20;
export const MAX_MODELS = 200;

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const PACKAGE_PATTERN = /^(-|\d+(\/\d+)*)$/;

/** A technical attribute as stored (model_attributes), with the filters' numeric value. */
export interface ParsedAttribute {
  name: string;
  value: string;
  unit: string | null;
  numericValue: string | null;
}

export type AttributeLinesResult = { ok: true; attributes: ParsedAttribute[] } | { ok: false; message: string };

/** `Diâmetro = 16 mm` lines (one attribute a line; `|` also separates, as in the import file). */
export function parseAttributeLines(text: string): AttributeLinesResult {
  const attributes: ParsedAttribute[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n|\|/)) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return { ok: false, message: E('attributeFormat') };
    const name = line.slice(0, eq).trim().replace(/\s+/g, ' ');
    const rest = line.slice(eq + 1);
    if (rest.includes('=')) return { ok: false, message: E('attributeFormat') };
    if (!rest.trim()) return { ok: false, message: E('attributeValue') };
    if (name.length > 120 || rest.length > 200) return { ok: false, message: E('attributeTooLong') };
    const key = name.toLowerCase();
    if (seen.has(key)) return { ok: false, message: E('attributeRepeated') };
    seen.add(key);
    const { value, unit } = splitValueUnit(rest);
    const magnitude = facetValueKey(value, unit).magnitude;
    attributes.push({ name, value, unit, numericValue: magnitude === null || !Number.isFinite(magnitude) ? null : String(magnitude) });
  }
  if (attributes.length > 50) return { ok: false, message: E('attributeTooMany') };
  return { ok: true, attributes };
}

/** Attributes back as the form's lines. */
export function formatAttributeLines(attributes: readonly { name: string; value: string; unit: string | null }[]): string {
  return attributes.map((a) => `${a.name} = ${a.value}${a.unit ? ` ${a.unit}` : ''}`).join('\n');
}

const text = (max: number) => z.string(E('invalid')).trim().max(max, E('tooLong'));
const optionalText = (max: number) =>
  z
    .union([z.string(E('invalid')), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, E('tooLong')))
    .transform((v) => (v === '' ? null : v));
const requiredText = (max: number) => text(max).min(1, E('required'));

const idFromForm = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
  if (!Number.isInteger(n) || n < 1 || n > DB_INT_MAX) {
    ctx.addIssue({ code: 'custom', message: E('required') });
    return z.NEVER;
  }
  return n;
});

const optionalId = z.union([z.number(), z.string(), z.null(), z.undefined()]).transform((v, ctx) => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 1 || n > DB_INT_MAX) {
    ctx.addIssue({ code: 'custom', message: E('invalid') });
    return z.NEVER;
  }
  return n;
});

const code = requiredText(64).refine((v) => v === '' || CODE_PATTERN.test(v), E('codeFormat'));

const price = z.string(E('required')).transform((v, ctx) => {
  const trimmed = v.trim();
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', message: E('required') });
    return z.NEVER;
  }
  const parsed = parseDecimal(trimmed);
  if (parsed === null) ctx.addIssue({ code: 'custom', message: E('priceFormat') });
  else if (Number(parsed) < 0) ctx.addIssue({ code: 'custom', message: E('priceNegative') });
  else if ((parsed.split('.')[1] ?? '').length > 4) ctx.addIssue({ code: 'custom', message: E('priceDecimals') });
  else if (Number(parsed) >= 1e8) ctx.addIssue({ code: 'custom', message: E('priceTooHigh') });
  else return canonicalMoney(parsed.replace(/^\+/, ''));
  return z.NEVER;
});

const pkg = optionalText(32)
  .transform((v) => (v === null ? null : v.replace(/\s+/g, '')))
  .refine((v) => v === null || PACKAGE_PATTERN.test(v), E('packageFormat'));

const ean = optionalText(14).refine((v) => v === null || (/^\d+$/.test(v) && [8, 12, 13, 14].includes(v.length)), E('eanLength')).refine((v) => v === null || !/^\d+$/.test(v) || ![8, 12, 13, 14].includes(v.length) || isValidEan(v), E('eanCheckDigit'));

const attributes = z.union([z.string(), z.null(), z.undefined()]).transform((v, ctx) => {
  const parsed = parseAttributeLines(v ?? '');
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.attributes;
});

export const adminModelSchema = z.object({
  /** The model's row id when it exists already (null: a new row of the table). */
  id: optionalId,
  code,
  name: optionalText(300),
  size: optionalText(120),
  price,
  discount_group: optionalText(32),
  supplier: optionalText(120),
  small_package: pkg,
  medium_package: pkg,
  large_package: pkg,
  ean,
  status: z.enum(MODEL_STATUSES, E('invalid')),
  stock_status: z.enum(PRODUCT_STOCK_STATUSES, E('invalid')),
  attributes,
});

const image = z.object({
  url: z
    .string(E('invalid'))
    .trim()
    .min(1, E('invalid'))
    .max(1000, E('tooLong'))
    .refine((u) => u.startsWith('/') || /^https:\/\//.test(u), E('imageUrl')),
  alt: optionalText(200),
  main: z.boolean().default(false),
});

export const adminProductSchema = z
  .object({
    /** Absent or null: a new product. */
    id: optionalId,
    /** The version the form was loaded with (0 for a new product). */
    version: z.coerce.number(E('invalid')).int(E('invalid')).min(0, E('invalid')).max(DB_INT_MAX, E('invalid')),
    product_code: code,
    name: requiredText(300),
    seo_name: optionalText(200),
    seo_description: optionalText(1000),
    description: optionalText(10_000),
    chapter_code: idFromForm,
    family_id: idFromForm,
    brand_id: optionalId,
    informacao_adicional: optionalText(10_000),
    informacao_tecnica: optionalText(10_000),
    notes: optionalText(10_000),
    active: z.boolean(E('invalid')),
    images: z.array(image, E('invalid')).max(MAX_IMAGES, E('tooManyImages')).default([]),
    models: z.array(adminModelSchema, E('invalid')).max(MAX_MODELS, E('tooManyModels')),
  })
  .superRefine((p, ctx) => {
    const codes = new Map<string, number>();
    const eans = new Map<string, number>();
    p.models.forEach((m, i) => {
      const key = m.code.toUpperCase();
      if (codes.has(key)) ctx.addIssue({ code: 'custom', message: E('modelCodeRepeated'), path: ['models', i, 'code'] });
      else codes.set(key, i);
      if (m.ean) {
        if (eans.has(m.ean)) ctx.addIssue({ code: 'custom', message: E('eanRepeated'), path: ['models', i, 'ean'] });
        else eans.set(m.ean, i);
      }
    });
    const urls = new Set<string>();
    p.images.forEach((img, i) => {
      if (urls.has(img.url)) ctx.addIssue({ code: 'custom', message: E('imageRepeated'), path: ['images', i, 'url'] });
      urls.add(img.url);
    });
  });

export type AdminProductInput = z.output<typeof adminProductSchema>;
export type AdminModelInput = z.output<typeof adminModelSchema>;

/** What the form holds: strings for text boxes and selects, booleans for boxes. */
export interface AdminModelFormValues {
  id: number | null;
  code: string;
  name: string;
  size: string;
  price: string;
  discount_group: string;
  supplier: string;
  small_package: string;
  medium_package: string;
  large_package: string;
  ean: string;
  status: (typeof MODEL_STATUSES)[number];
  stock_status: ProductStockStatus;
  attributes: string;
}

export interface AdminImageFormValue {
  url: string;
  alt: string;
  main: boolean;
}

export interface AdminProductFormValues {
  id: number | null;
  version: number;
  product_code: string;
  name: string;
  seo_name: string;
  seo_description: string;
  description: string;
  chapter_code: string;
  family_id: string;
  brand_id: string;
  informacao_adicional: string;
  informacao_tecnica: string;
  notes: string;
  active: boolean;
  images: AdminImageFormValue[];
  models: AdminModelFormValues[];
}

export function emptyModel(): AdminModelFormValues {
  return {
    id: null,
    code: '',
    name: '',
    size: '',
    price: '',
    discount_group: '',
    supplier: '',
    small_package: '',
    medium_package: '',
    large_package: '',
    ean: '',
    status: 'active',
    stock_status: 'in_stock',
    attributes: '',
  };
}

export function emptyProductForm(): AdminProductFormValues {
  return {
    id: null,
    version: 0,
    product_code: '',
    name: '',
    seo_name: '',
    seo_description: '',
    description: '',
    chapter_code: '',
    family_id: '',
    brand_id: '',
    informacao_adicional: '',
    informacao_tecnica: '',
    notes: '',
    active: true,
    images: [],
    models: [emptyModel()],
  };
}

/** `12.5000` (database) → `12,50` (a form's text box, pt-PT). */
export function priceForForm(value: string): string {
  return canonicalMoney(value).replace('.', ',');
}

// Bulk actions of the list ---------------------------------------------------------------------

export const BULK_PRODUCT_ACTIONS = ['activate', 'deactivate', 'move_family', 'set_brand'] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];

export const bulkProductsSchema = z
  .object({
    action: z.enum(BULK_PRODUCT_ACTIONS, E('invalid')),
    ids: z
      .array(z.coerce.number().int().min(1).max(DB_INT_MAX), E('invalid'))
      .min(1, E('noneSelected'))
      .max(500, E('tooManySelected')),
    family_id: optionalId,
    /** `set_brand`: a brand id, or null to leave the products without brand. */
    brand_id: optionalId,
  })
  .superRefine((b, ctx) => {
    if (b.action === 'move_family' && b.family_id === null) ctx.addIssue({ code: 'custom', message: E('familyRequired'), path: ['family_id'] });
  });

export const productIdSchema = z.object({ id: idFromForm });

/** A row of the admin product list (/admin/products). */
export interface AdminProductRow {
  id: number;
  productCode: string;
  name: string;
  thumbUrl: string;
  chapterCode: number;
  chapterTitle: string;
  familyTitle: string;
  brandName: string | null;
  modelCount: number;
  active: boolean;
  stockStatus: ProductStockStatus;
  /** The models' lowest and highest list price (s/ IVA), null without models. */
  minPrice: number | null;
  maxPrice: number | null;
  /** How many of its models are in stock. */
  inStockModels: number;
  updatedAt: string;
  /** The shop's page of the product (null: inactive, not shown in the shop). */
  shopPath: string | null;
}
