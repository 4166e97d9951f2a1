import 'server-only';
import type { MessageKey, MessageValues } from '@/lib/errors';
import { AppError } from '@/server/errors';
import { ifthenpayConfig, type IfthenpayConfig } from './config';

/**
 * The HTTP client of ifthenpay's API (https://ifthenpay.com/docs/en/), the endpoints the shop uses:
 *
 *   POST {base}/multibanco/reference/init   { mbKey, orderId, amount, description, expiryDays }
 *        → { Status: '0', Message, OrderId, Amount, Entity, Reference, ExpiryDate: 'dd-MM-yyyy', RequestId }
 *   POST {base}/spg/payment/mbway           { mbWayKey, orderId, amount, mobileNumber: '351#9xxxxxxxx', description }
 *        → { Status: '000', Message, OrderId, Amount, RequestId }   (the push is sent to the phone)
 *   GET  {base}/spg/payment/mbway/status?mbWayKey=…&requestId=…
 *        → { Status: '000' paid | other codes not paid, Message, RequestId, CreatedAt, UpdateAt }
 *
 * Written from ifthenpay's public documentation and the integrations that use it (field names and
 * status codes as documented there); the base URL comes from IFTHENPAY_API_URL so that the tests
 * run this very client against a local fake of these endpoints (tests/helpers/fake-ifthenpay.ts).
 * Every call has a time limit (IFTHENPAY_TIMEOUT_MS). Failures are AppErrors with Portuguese
 * messages: `retryable` for the network, time-outs, 5xx and 429 (the job asks again later), not
 * for a refusal (a 4xx, or a status other than success).
 */


export class ProviderError extends AppError {
  readonly retryable: boolean;
  constructor(init: { code: 'unavailable' | 'unprocessable'; key: MessageKey; values?: MessageValues; retryable: boolean }) {
    super({ code: init.code, key: init.key, values: init.values });
    this.name = 'ProviderError';
    this.retryable = init.retryable;
  }
}

const unavailable = (key: MessageKey = 'Payments.providerUnavailable') => new ProviderError({ code: 'unavailable', key, retryable: true });
const invalidAnswer = () => new ProviderError({ code: 'unavailable', key: 'Payments.providerInvalidAnswer', retryable: true });
const refused = (reason: unknown) =>
  new ProviderError({
    code: 'unprocessable',
    key: 'Payments.providerRefused',
    values: { reason: cleanReason(reason) },
    retryable: false,
  });

/** The provider's own words, kept short and printable (they end up in logs and error rows). */
function cleanReason(reason: unknown): string {
  const s = typeof reason === 'string' || typeof reason === 'number' ? String(reason) : '';
  const cleaned = s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 200);
  return cleaned || 'sem motivo indicado';
}

/** Euros as ifthenpay wants them: a string with a dot and two decimals. */
export function providerAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** `12.34`, `12,34`, `12.3`, `12` → cents; anything else → null. */
export function parseProviderAmount(value: unknown): number | null {
  const s = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** `dd-MM-yyyy` (ifthenpay's ExpiryDate) → `yyyy-MM-dd`; empty → null; anything else → undefined. */
export function parseProviderDate(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

function field(json: Record<string, unknown>, name: string): string | undefined {
  const v = json[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
}

const REQUEST_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface MultibancoReference {
  requestId: string;
  entity: string;
  reference: string;
  amountCents: number;
  /** Last day to pay (yyyy-MM-dd), or null when it does not expire. */
  expiresOn: string | null;
}

/** The answer of `multibanco/reference/init`, checked against what was asked. */
export function parseMultibancoInit(json: unknown, asked: { amountCents: number }): MultibancoReference {
  if (!json || typeof json !== 'object') throw invalidAnswer();
  const o = json as Record<string, unknown>;
  const status = field(o, 'Status');
  if (status !== '0') throw refused(o.Message ?? status);
  const entity = field(o, 'Entity');
  const reference = field(o, 'Reference')?.replace(/\s+/g, '');
  const requestId = field(o, 'RequestId');
  const amountCents = parseProviderAmount(o.Amount);
  const expiresOn = parseProviderDate(o.ExpiryDate);
  if (!entity || !/^\d{5}$/.test(entity) || !reference || !/^\d{9}$/.test(reference) || !requestId || !REQUEST_ID.test(requestId) || expiresOn === undefined) {
    throw invalidAnswer();
  }
  // A reference for another amount would be paid and then refused by the callback's check.
  if (amountCents !== asked.amountCents) throw invalidAnswer();
  return { requestId, entity, reference, amountCents, expiresOn };
}

export interface MbwayRequest {
  requestId: string;
}

/** The answer of `spg/payment/mbway`: `000` = the request was sent to the phone. */
export function parseMbwayInit(json: unknown): MbwayRequest {
  if (!json || typeof json !== 'object') throw invalidAnswer();
  const o = json as Record<string, unknown>;
  const status = field(o, 'Status');
  if (status !== '000') throw refused(o.Message ?? status);
  const requestId = field(o, 'RequestId');
  if (!requestId || !REQUEST_ID.test(requestId)) throw invalidAnswer();
  return { requestId };
}

export interface MbwayStatus {
  paid: boolean;
  status: string;
  message: string;
}

/** The answer of `spg/payment/mbway/status`: `000` = paid; any other code (refused, expired, declined, pending) is not. */
export function parseMbwayStatus(json: unknown, requestId: string): MbwayStatus {
  if (!json || typeof json !== 'object') throw invalidAnswer();
  const o = json as Record<string, unknown>;
  const status = field(o, 'Status');
  if (!status) throw invalidAnswer();
  const answeredFor = field(o, 'RequestId');
  if (answeredFor !== undefined && answeredFor !== '' && answeredFor !== requestId) throw invalidAnswer();
  return { paid: status === '000', status, message: cleanReason(o.Message) };
}

async function call(config: IfthenpayConfig, path: string, init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown }): Promise<unknown> {
  const url = new URL(`${config.baseUrl}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
      cache: 'no-store',
    });
  } catch (err) {
    // The time-out's DOMException may come from another realm: read its name, not its class.
    const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
    throw unavailable(name === 'TimeoutError' || name === 'AbortError' ? 'Payments.providerTimeout' : undefined);
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    throw unavailable();
  }
  if (response.status >= 500 || response.status === 429 || response.status === 408) throw unavailable();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : null;
  } catch {
    if (!response.ok) throw refused(`HTTP ${response.status}`);
    throw invalidAnswer();
  }
  if (!response.ok) {
    const message = json && typeof json === 'object' ? (json as Record<string, unknown>).Message : undefined;
    throw refused(message ?? `HTTP ${response.status}`);
  }
  return json;
}

/** Asks for a Multibanco reference for `orderId` (the order number) and the amount. */
export async function createMultibancoReference(input: { orderId: string; amountCents: number; description: string }, config = ifthenpayConfig()): Promise<MultibancoReference> {
  if (!config.mbKey) throw new AppError({ code: 'unprocessable', key: 'Payments.notConfigured' });
  const json = await call(config, '/multibanco/reference/init', {
    method: 'POST',
    body: {
      mbKey: config.mbKey,
      orderId: input.orderId,
      amount: providerAmount(input.amountCents),
      description: input.description.slice(0, 200),
      ...(config.expiryDays > 0 ? { expiryDays: config.expiryDays } : {}),
    },
  });
  return parseMultibancoInit(json, { amountCents: input.amountCents });
}

/** Sends the MB WAY payment request to the customer's phone (9 digits). */
export async function requestMbwayPayment(input: { orderId: string; amountCents: number; phone: string; description: string }, config = ifthenpayConfig()): Promise<MbwayRequest> {
  if (!config.mbwayKey) throw new AppError({ code: 'unprocessable', key: 'Payments.notConfigured' });
  const json = await call(config, '/spg/payment/mbway', {
    method: 'POST',
    body: {
      mbWayKey: config.mbwayKey,
      orderId: input.orderId,
      amount: providerAmount(input.amountCents),
      mobileNumber: `351#${input.phone}`,
      description: input.description.slice(0, 100),
    },
  });
  return parseMbwayInit(json);
}

/** The state of an MB WAY request, asked back from the provider. */
export async function getMbwayStatus(requestId: string, config = ifthenpayConfig()): Promise<MbwayStatus> {
  if (!config.mbwayKey) throw new AppError({ code: 'unprocessable', key: 'Payments.notConfigured' });
  const json = await call(config, '/spg/payment/mbway/status', { method: 'GET', query: { mbWayKey: config.mbwayKey, requestId } });
  return parseMbwayStatus(json, requestId);
}
