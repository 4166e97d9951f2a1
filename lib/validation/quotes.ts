/**
 * Inputs of the quote calls, shared by the route handlers and the forms. Messages are
 * keys of the `Quotes.validation` namespace of messages/pt-PT.json.
 */
import { z } from 'zod';
import { MAX_PACKAGES, MIN_PACKAGES } from '@/lib/cart/packages';
import { QUOTE_MAX_LINES, QUOTE_STATUSES } from '@/lib/quotes/status';
import { DB_INT_MAX } from './ids';
import { optionalText, pagedListQuery } from './fields';
import { optionalNif } from './nif';

export const quoteLineInput = z
  .object({
    product_id: z.number('productIdInvalid').int('productIdInvalid').min(1, 'productIdInvalid').max(DB_INT_MAX, 'productIdInvalid'),
    quantity_of_packages: z.number('quantityInvalid').int('quantityInvalid').min(MIN_PACKAGES, 'quantityInvalid').max(MAX_PACKAGES, 'quantityInvalid'),
    items_per_package: z.number('packageUnknown').int('packageUnknown').min(1, 'packageUnknown').max(100_000, 'packageUnknown').optional(),
    /** What the client calls the package; ignored (the server names the package from the model's data). */
    selected_package_type: z.string().max(60).optional(),
  })
  .strip();

/** `POST /api/quotes`: lines or a cart, and the requester's contact (required of a guest). */
export const quoteRequestBody = z
  .object({
    lines: z.array(quoteLineInput, 'linesRequired').min(1, 'linesRequired').max(QUOTE_MAX_LINES, 'tooManyLines').optional(),
    cart_id: z.string('cartInvalid').regex(/^[A-Za-z0-9_-]{22}$/, 'cartInvalid').optional(),
    name: optionalText(120, 'nameInvalid'),
    email: z
      .string('emailInvalid')
      .trim()
      .toLowerCase()
      .max(254, 'emailInvalid')
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || z.email().safeParse(v).success, 'emailInvalid'),
    phone: z
      .string('phoneInvalid')
      .trim()
      .nullish()
      .transform((v) => (v ? v.replace(/\s+/g, '') : null))
      .refine((v) => v === null || /^(\+?351)?[29]\d{8}$/.test(v), 'phoneInvalid'),
    company: optionalText(160, 'companyInvalid'),
    nif: optionalNif('nifInvalid'),
    message: optionalText(2000, 'messageTooLong'),
  })
  .strip()
  .refine((v) => (v.lines ? 1 : 0) + (v.cart_id ? 1 : 0) === 1, { message: 'linesOrCart', path: ['lines'] });
export type QuoteRequestInput = z.output<typeof quoteRequestBody>;

/** Staff's answer: a net unit price per line (euros, up to 4 decimals), shipping, validity, message. */
export const quoteAnswerBody = z
  .object({
    lines: z
      .array(
        z
          .object({
            position: z.number('invalid').int('invalid').min(1, 'invalid').max(QUOTE_MAX_LINES, 'invalid'),
            unit_price: z
              .number('priceInvalid')
              .min(0, 'priceInvalid')
              .max(1_000_000, 'priceInvalid')
              .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, 'priceInvalid'),
          })
          .strip(),
        'linesRequired',
      )
      .min(1, 'linesRequired')
      .max(QUOTE_MAX_LINES, 'tooManyLines'),
    shipping: z
      .number('shippingInvalid')
      .min(0, 'shippingInvalid')
      .max(100_000, 'shippingInvalid')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'shippingInvalid')
      .nullish(),
    valid_until: z
      .string('validUntilInvalid')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validUntilInvalid')
      .refine((v) => {
        // A real calendar day (2026-02-31 is not one; PostgreSQL would refuse it).
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, 'validUntilInvalid')
      .nullish(),
    message: optionalText(4000, 'messageTooLong'),
    /** The version the form was made from: an answer over a newer version is refused (409). */
    version: z.number('invalid').int('invalid').min(1, 'invalid').optional(),
  })
  .strip();
export type QuoteAnswerInput = z.output<typeof quoteAnswerBody>;

export const quoteMessageBody = z
  .object({
    body: z.string('messageRequired').trim().min(1, 'messageRequired').max(4000, 'messageTooLong'),
    line_position: z.number('invalid').int('invalid').min(1, 'invalid').max(QUOTE_MAX_LINES, 'invalid').nullish(),
  })
  .strip();

export const quoteReasonBody = z.object({ reason: optionalText(1000, 'messageTooLong') }).strip();

export const quotesQuery = pagedListQuery(QUOTE_STATUSES);

/** A guest's private link token: 22 base64url characters (128 random bits). */
export const QUOTE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
