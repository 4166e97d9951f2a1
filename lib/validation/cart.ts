/**
 * The cart calls' inputs (spec 7), shared by the route handlers and the client pieces. Messages
 * are keys of the `CartApi` namespace of messages/pt-PT.json.
 */
import { z } from 'zod';
import { MAX_PACKAGES, MIN_PACKAGES } from '@/lib/cart/packages';
import { DB_INT_MAX } from './ids';

const CART_ID = /^[A-Za-z0-9_-]{22}$/;

/** Packages of a line: a whole number from 1 to 9,999 (no strings, fractions or exponents). */
export const quantitySchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'quantityRequired' : 'quantityInteger') })
  .int('quantityInteger')
  .min(MIN_PACKAGES, 'quantityRange')
  .max(MAX_PACKAGES, 'quantityRange');

export const cartIdSchema = z.string().regex(CART_ID, 'guestCartIdInvalid');

export const createCartBody = z
  .object({
    guestMode: z.boolean().optional(),
    guestCartId: cartIdSchema.nullish(),
  })
  .strip();

export const addItemBody = z
  .object({
    product_id: z.number({ error: 'productIdInvalid' }).int('productIdInvalid').min(1, 'productIdInvalid').max(DB_INT_MAX, 'productIdInvalid'),
    /** What the client calls the package; ignored (the server names the package from the model's data). */
    selected_package_type: z.string().max(60).optional(),
    items_per_package: z.number().int('packageUnknown').min(1, 'packageUnknown').max(100_000, 'packageUnknown').optional(),
    quantity_of_packages: quantitySchema,
    /** What the client saw; ignored (the server prices every line). */
    unit_price: z.unknown().optional(),
  })
  .strip();

export const updateItemBody = z.object({ quantity_of_packages: quantitySchema }).strip();

export const mergeBody = z.object({ guest_cart_id: cartIdSchema, user_cart_id: cartIdSchema }).strip();

export const quickOrderBody = z.object({ text: z.string().max(200_000) }).strip();
