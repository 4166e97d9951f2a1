/**
 * The campaign service of the browser (spec 7 "Campaigns", 4 "Campaign cache", 8 "Campaign
 * service"): the list, one campaign, and the staff's create, update and delete calls of
 * /api/campaigns, with the spec's error messages word for word. Its errors carry a `kind` as well,
 * which the admin screens turn into a Portuguese text (`campaignErrorKey`): the English messages
 * are the service's, the interface speaks pt-PT.
 *
 * - The list is fetched once and kept; concurrent fetches share one request; a create, update or
 *   delete refreshes it. It retries a 429 or 503 up to 3 times, waiting 250, 500 and 1000 ms plus
 *   up to 100 ms of jitter; a failure or an answer that is not `{ success, data: [] }` gives an
 *   empty list, silently.
 * - Credentials: the session cookie goes with every call (`credentials: 'include'`); where a
 *   bearer token is configured (`getToken`, the spec's token in local storage) it is sent too,
 *   and a write without one fails at once with 'Authentication required'.
 */

export interface CampaignListItem {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  category: string | null;
  imageUrl: string;
  startsAt?: string | null;
  endsAt?: string | null;
  featured?: boolean;
  productCount?: number;
}

/** What a create or update sends (spec 7's body; see lib/validation/admin-campaign.ts). */
export interface CampaignPayload {
  title?: string;
  slug?: string | null;
  description?: string | null;
  category?: string | null;
  image?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  active?: boolean;
  featured?: boolean;
  product_codes?: string[];
  version?: number;
}

export type CampaignErrorKind = 'unauthenticated' | 'forbidden' | 'not_found' | 'invalid' | 'stale' | 'invalid_response' | 'failed';

export class CampaignServiceError extends Error {
  readonly kind: CampaignErrorKind;
  readonly status: number | null;
  /** Field → messages of a refused body (400/422). */
  readonly details: Record<string, string[]> | null;
  /** The server's `data` on a refusal (a stale save: the record as it is now). */
  readonly data: unknown;
  constructor(message: string, kind: CampaignErrorKind, extra: { status?: number | null; details?: Record<string, string[]> | null; data?: unknown } = {}) {
    super(message);
    this.name = 'CampaignServiceError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.details = extra.details ?? null;
    this.data = extra.data;
  }
}

/** The Portuguese text (a key of messages/pt-PT.json) the admin screens show for an error kind. */
export function campaignErrorKey(kind: CampaignErrorKind, operation: 'save' | 'delete' = 'save'): string {
  switch (kind) {
    case 'unauthenticated':
      return 'Admin.Campaigns.errors.unauthenticated';
    case 'forbidden':
      return 'Admin.Campaigns.errors.forbidden';
    case 'not_found':
      return 'Admin.Campaigns.errors.notFound';
    case 'invalid':
      return 'Admin.Campaigns.errors.invalid';
    case 'stale':
      return 'Admin.Campaigns.errors.stale';
    case 'invalid_response':
      return 'Admin.Campaigns.errors.invalidResponse';
    default:
      return operation === 'delete' ? 'Admin.Campaigns.errors.deleteFailed' : 'Admin.Campaigns.errors.failed';
  }
}

export interface CampaignServiceOptions {
  fetch?: typeof fetch;
  /** Origin for absolute URLs (server-side use); '' in the browser. */
  baseUrl?: string;
  /** The bearer token, where the caller keeps one; without this option the cookie is the credential. */
  getToken?: () => string | null | undefined;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const LIST_RETRY_DELAYS_MS = [250, 500, 1000] as const;
const JITTER_MS = 100;

type Body = { success?: unknown; data?: unknown; message?: unknown; error?: unknown } | null;

async function readJson(response: Response): Promise<{ ok: true; body: Body } | { ok: false }> {
  try {
    return { ok: true, body: (await response.json()) as Body };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailsOf(body: Body): Record<string, string[]> | null {
  const error = isRecord(body) ? body.error : null;
  const details = isRecord(error) ? error.details : null;
  if (!isRecord(details)) return null;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(details)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

function kindOfStatus(status: number): CampaignErrorKind {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'stale';
  if (status === 400 || status === 422) return 'invalid';
  return 'failed';
}

/** The data of a `{ success: true, data: {…} }` answer, or the spec's 'Invalid response format from server'. */
function dataOf<T>(body: Body, status: number): T {
  if (!isRecord(body) || body.success !== true || !isRecord(body.data)) {
    throw new CampaignServiceError('Invalid response format from server', 'invalid_response', { status });
  }
  return body.data as T;
}

export function createCampaignService(options: CampaignServiceOptions = {}) {
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const base = options.baseUrl ?? '';
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;

  let cached: CampaignListItem[] | null = null;
  let pending: Promise<CampaignListItem[]> | null = null;

  const tokenHeaders = (): Record<string, string> => {
    const token = options.getToken?.();
    return token ? { authorization: `Bearer ${token}` } : {};
  };

  /** Writes need a credential: with a token source, a missing token fails before any request. */
  const writeHeaders = (): Record<string, string> => {
    if (options.getToken && !options.getToken()) throw new CampaignServiceError('Authentication required', 'unauthenticated');
    return { 'content-type': 'application/json', accept: 'application/json', ...tokenHeaders() };
  };

  async function fetchList(): Promise<CampaignListItem[]> {
    try {
      for (let attempt = 0; ; attempt++) {
        const response = await doFetch(`${base}/api/campaigns`, { credentials: 'include', headers: { accept: 'application/json', ...tokenHeaders() } });
        if ((response.status === 429 || response.status === 503) && attempt < LIST_RETRY_DELAYS_MS.length) {
          await sleep(LIST_RETRY_DELAYS_MS[attempt]! + Math.floor(random() * JITTER_MS));
          continue;
        }
        if (!response.ok) return [];
        const read = await readJson(response);
        if (!read.ok || !isRecord(read.body) || !read.body.success || !Array.isArray(read.body.data)) return [];
        return read.body.data as CampaignListItem[];
      }
    } catch {
      return [];
    }
  }

  /** The current campaigns: fetched once and kept (`refresh: true` fetches again); never throws. */
  function list(opts: { refresh?: boolean } = {}): Promise<CampaignListItem[]> {
    if (cached && !opts.refresh) return Promise.resolve(cached);
    if (pending) return pending;
    pending = fetchList()
      .then((items) => {
        cached = items;
        return items;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  /** After a write: the kept list is dropped and fetched again (a failure leaves it empty, silently). */
  async function refresh(): Promise<void> {
    cached = null;
    await list({ refresh: true });
  }

  /** One campaign (id or slug); null on 404 or any failure. */
  async function get(id: number | string): Promise<Record<string, unknown> | null> {
    try {
      const response = await doFetch(`${base}/api/campaigns/${encodeURIComponent(String(id))}`, { credentials: 'include', headers: { accept: 'application/json', ...tokenHeaders() } });
      if (!response.ok) return null;
      const read = await readJson(response);
      return read.ok && isRecord(read.body) && read.body.success && isRecord(read.body.data) ? read.body.data : null;
    } catch {
      return null;
    }
  }

  async function create<T = Record<string, unknown>>(payload: CampaignPayload): Promise<T> {
    const headers = writeHeaders();
    let response: Response;
    try {
      response = await doFetch(`${base}/api/campaigns`, { method: 'POST', credentials: 'include', headers, body: JSON.stringify(payload) });
    } catch {
      throw new CampaignServiceError('Failed to add campaign', 'failed');
    }
    if (response.status === 401 || response.status === 403) {
      throw new CampaignServiceError('You do not have permission to add campaigns', kindOfStatus(response.status), { status: response.status });
    }
    const read = await readJson(response);
    if (!response.ok) {
      const body = read.ok ? read.body : null;
      throw new CampaignServiceError('Failed to add campaign', kindOfStatus(response.status), { status: response.status, details: detailsOf(body), data: isRecord(body) ? body.data : undefined });
    }
    const data = dataOf<T>(read.ok ? read.body : null, response.status);
    await refresh();
    return data;
  }

  /** The update: its data, or null when the campaign does not exist (404). */
  async function update<T = Record<string, unknown>>(id: number | string, payload: CampaignPayload): Promise<T | null> {
    const headers = writeHeaders();
    let response: Response;
    try {
      response = await doFetch(`${base}/api/campaigns/${encodeURIComponent(String(id))}`, { method: 'PUT', credentials: 'include', headers, body: JSON.stringify(payload) });
    } catch {
      throw new CampaignServiceError('Failed to update campaign', 'failed');
    }
    if (response.status === 401 || response.status === 403) {
      throw new CampaignServiceError('You do not have permission to update campaigns', kindOfStatus(response.status), { status: response.status });
    }
    if (response.status === 404) return null;
    const read = await readJson(response);
    if (!response.ok) {
      if (!read.ok) {
        throw new CampaignServiceError(`Failed to update campaign. Server responded with ${response.status} ${response.statusText}.`, kindOfStatus(response.status), { status: response.status });
      }
      const body = read.body;
      const error = isRecord(body) ? body.error : undefined;
      const serverMessage =
        (isRecord(body) && typeof body.message === 'string' && body.message) ||
        (typeof error === 'string' && error) ||
        (isRecord(error) && typeof error.message === 'string' && error.message) ||
        'Failed to update campaign';
      const details = detailsOf(body);
      const detailText = details ? Object.values(details).flat().join(', ') : '';
      throw new CampaignServiceError(detailText ? `${serverMessage}: ${detailText}` : serverMessage, kindOfStatus(response.status), {
        status: response.status,
        details,
        data: isRecord(body) ? body.data : undefined,
      });
    }
    const data = dataOf<T>(read.ok ? read.body : null, response.status);
    await refresh();
    return data;
  }

  /** True once deleted; false when the campaign does not exist (404). */
  async function remove(id: number | string): Promise<boolean> {
    const headers = writeHeaders();
    let response: Response;
    try {
      response = await doFetch(`${base}/api/campaigns/${encodeURIComponent(String(id))}`, { method: 'DELETE', credentials: 'include', headers });
    } catch {
      throw new CampaignServiceError('Failed to delete campaign', 'failed');
    }
    if (response.status === 401 || response.status === 403) {
      throw new CampaignServiceError('You do not have permission to delete campaigns', kindOfStatus(response.status), { status: response.status });
    }
    if (response.status === 404) return false;
    if (!response.ok) throw new CampaignServiceError('Failed to delete campaign', kindOfStatus(response.status), { status: response.status });
    await refresh();
    return true;
  }

  return { list, get, create, update, delete: remove, refresh };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

/** The browser's service (the session cookie is the credential). */
export const campaignService: CampaignService = createCampaignService();
