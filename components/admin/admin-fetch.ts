/**
 * A call of the admin API from a client form: the JSON envelope read into ok / data / message,
 * the field messages (`details`, already in Portuguese) and the error's `data` (a stale refusal's
 * current record). Never throws: a network failure is `{ ok: false, status: 0 }`.
 */
export interface AdminFetchResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  message: string | null;
  details: Record<string, string[]>;
  errorData: unknown;
}

export async function adminFetch<T = unknown>(url: string, init: RequestInit): Promise<AdminFetchResult<T>> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', ...init });
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: unknown;
      message?: string;
      error?: { message?: string; details?: Record<string, string[]> };
    } | null;
    const ok = response.ok && body?.success === true;
    return {
      ok,
      status: response.status,
      data: ok ? ((body?.data as T) ?? null) : null,
      message: body?.message ?? body?.error?.message ?? null,
      details: body?.error?.details ?? {},
      errorData: ok ? null : (body?.data ?? null),
    };
  } catch {
    return { ok: false, status: 0, data: null, message: null, details: {}, errorData: null };
  }
}

export function jsonInit(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
