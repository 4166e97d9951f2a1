import type { ApiBody } from '@/lib/api/types';

/** What a quote call answered: its data, or the server's Portuguese message and field messages. */
export type QuoteCallResult<T> =
  | { ok: true; data: T; message?: string }
  | { ok: false; status: number; message: string | null; details: Record<string, string[]> };

/**
 * A JSON POST to the quote API (`/api/quotes…`) from the browser: the session cookie travels
 * (same origin), a guest's private link token in `X-Quote-Token`. `status` 0: no answer (offline).
 * The server's message is the one to show (Portuguese, 429 included); null when it sent none.
 */
export async function postQuote<T>(url: string, body: unknown, token?: string | null): Promise<QuoteCallResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { 'x-quote-token': token } : {}) },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, status: 0, message: null, details: {} };
  }
  const json = (await res.json().catch(() => null)) as ApiBody<T> | null;
  if (res.ok && json?.success) return { ok: true, data: json.data, message: json.message };
  const failure = json && !json.success ? json : null;
  return { ok: false, status: res.status, message: failure?.message || failure?.error?.message || null, details: failure?.error?.details ?? {} };
}

/** The message of a refusal: the server's, or `offline` / `failed` of the caller's texts. */
export function refusalText(result: { status: number; message: string | null }, texts: { offline: string; failed: string }): string {
  if (result.status === 0) return texts.offline;
  // A 500 carries no useful detail; anything else carries the server's Portuguese message.
  if (result.status >= 500 || !result.message) return texts.failed;
  return result.message;
}
