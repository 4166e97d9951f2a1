import { z } from 'zod';
import { quickOrderBody } from '@/lib/validation/cart';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { readMultipartForm } from '@/server/files/multipart';
import { QUICK_ORDER_FILE_LIMITS, quickOrder, quickOrderLinesFromFile, type QuickOrderInputLine } from '@/server/cart/quick-order';

export const dynamic = 'force-dynamic';

const params = z.object({ cartId: z.string() });

/** What the request carries: JSON `{ text }`, or a multipart form with a CSV/XLSX `file` (or `text`). */
async function quickOrderInput(request: Request): Promise<string | QuickOrderInputLine[]> {
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    const form = await readMultipartForm(request, { files: { file: QUICK_ORDER_FILE_LIMITS.maxBytes }, maxFieldBytes: QUICK_ORDER_FILE_LIMITS.maxBytes });
    if (!form) throw new AppError({ code: 'bad_request', key: 'CartApi.quickEmpty' });
    const file = form.get('file');
    if (file && typeof file !== 'string' && file.size > 0) return quickOrderLinesFromFile(file.name, new Uint8Array(await file.arrayBuffer()));
    const pasted = form.get('text');
    if (typeof pasted === 'string' && pasted.trim()) return pasted;
    throw new AppError({ code: 'bad_request', key: 'CartApi.quickEmpty' });
  }
  if (!/^application\/json/i.test(type)) throw new AppError({ code: 'unsupported_media_type', key: 'CartApi.quickFileType' });
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new AppError({ code: 'bad_request', key: 'CartApi.quickEmpty' });
  }
  const parsed = quickOrderBody.safeParse(json);
  if (!parsed.success || !parsed.data.text.trim()) throw new AppError({ code: 'bad_request', key: 'CartApi.quickEmpty' });
  return parsed.data.text;
}

/**
 * POST /api/cart/{cartId}/quick-order (beyond the spec): lines of "code quantity",
 * pasted (JSON `{ text }`) or uploaded (multipart `file`, CSV or XLSX); up to 500 lines. Valid
 * lines are added; `problems` lists every other line with its number and the reason. Files are
 * read within QUICK_ORDER_FILE_LIMITS (server/cart/quick-order.ts): 413/400/415 past them.
 */
export const POST = apiRoute({ auth: 'optional', params, bodyLimit: 2 * 1024 * 1024 }, async ({ viewer, params: { cartId }, request }) => {
  // The cart is looked up first: a body sent to a cart that is not the caller's is never parsed.
  return { data: await quickOrder(cartId, viewer ? { userId: viewer.id } : null, () => quickOrderInput(request)) };
});
