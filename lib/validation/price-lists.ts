/**
 * `POST /api/price-lists`, shared by the route handler and the page's form. Messages
 * are keys of the `PriceList` namespace of messages/pt-PT.json.
 */
import { z } from 'zod';

export const PRICE_LIST_SCOPES = ['all', 'chapter', 'family', 'brand'] as const;

export const priceListRequestBody = z
  .object({
    format: z.enum(['csv', 'xlsx'], 'formatInvalid'),
    scope: z.enum(PRICE_LIST_SCOPES, 'scopeInvalid').default('all'),
    /** Chapter code, family code (`40-010`) or brand slug; ignored for the whole catalogue. */
    value: z.string('chooseValue').trim().max(80, 'chooseValue').regex(/^[A-Za-z0-9-]*$/, 'chooseValue').nullish(),
  })
  .strip()
  .refine((b) => b.scope === 'all' || !!b.value, { message: 'chooseValue', path: ['value'] });
export type PriceListRequest = z.output<typeof priceListRequestBody>;
