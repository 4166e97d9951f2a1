import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { quoteToCart } from '@/server/quotes/customer';
import { quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/**
 * POST /api/quotes/{id}/to-cart: a declined, expired or withdrawn quote's lines into the
 * caller's cart at today's prices; `unavailable` lists the lines no longer sold. 409 for an open
 * or accepted quote, 404 for anyone else's.
 */
export const POST = apiRoute({ auth: 'required', params: z.object({ id: z.string() }) }, async ({ viewer, params }) => ({
  data: await quoteToCart(viewer.id, quoteId(params.id)),
  message: { key: 'Quotes.toCart' },
}));
