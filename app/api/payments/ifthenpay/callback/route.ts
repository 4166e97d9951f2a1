import { apiRoute } from '@/server/api/route';
import { composedText } from '@/server/errors';
import { handleIfthenpayCallback } from '@/server/payments/ifthenpay/callback';

export const dynamic = 'force-dynamic';

/**
 * GET /api/payments/ifthenpay/callback: ifthenpay's payment callback (server/payments/ifthenpay/callback.ts).
 * The query is read as it comes (no schema first), so that a wrong anti-phishing key is a 403
 * whatever else the request holds; then 404 (unknown order), 400/422 (amount or data that do not
 * match: nothing changed), 409 (ifthenpay says not paid), 200 (recorded, or already recorded).
 */
export const GET = apiRoute({}, async ({ url }) => {
  const q = url.searchParams;
  const result = await handleIfthenpayCallback({
    key: q.get('key'),
    orderId: q.get('orderId'),
    amount: q.get('amount'),
    requestId: q.get('requestId'),
    entity: q.get('entity'),
    reference: q.get('reference'),
    paymentMethod: q.get('payment_method'),
    status: q.get('status'),
  });
  return { data: result, message: composedText(result.message) };
});
