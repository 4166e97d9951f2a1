/**
 * A local fake of ifthenpay's HTTP API (the endpoints server/payments/ifthenpay/client.ts uses),
 * a real node:http server on an ephemeral port: the tests point IFTHENPAY_API_URL at it and run
 * the real adapter against it — no mock inside the app's code. It issues Multibanco references
 * and MB WAY requests, answers MB WAY status queries, builds the callbacks ifthenpay would send,
 * and can be made to fail (down: 503; slow: answers after `delayMs`). `npm run fake:payments`
 * runs it for a developer (scripts/fake-payments.ts).
 *
 *   POST /multibanco/reference/init   { mbKey, orderId, amount, description?, expiryDays? }
 *   POST /spg/payment/mbway           { mbWayKey, orderId, amount, mobileNumber: '351#9xxxxxxxx', description? }
 *   GET  /spg/payment/mbway/status?mbWayKey=…&requestId=…
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

export interface FakePayment {
  kind: 'multibanco' | 'mbway';
  requestId: string;
  orderId: string;
  amount: string;
  entity?: string;
  reference?: string;
  expiryDate?: string;
  mobileNumber?: string;
  paid: boolean;
}

export interface FakeIfthenpay {
  url: string;
  mbKey: string;
  mbwayKey: string;
  antiPhishingKey: string;
  /** `up` answers; `down` answers 503 to everything; `slow` answers after `delayMs`. */
  mode: 'up' | 'down' | 'slow';
  delayMs: number;
  /** The Status of the next MB WAY requests (`000` = sent; e.g. `122` = declined). */
  mbwayInitStatus: string;
  requests: FakeRequest[];
  payments: Map<string, FakePayment>;
  /** The IFTHENPAY_* variables that point the app at this fake. */
  env(): Record<string, string>;
  /** The requests made to one endpoint. */
  calls(path: string): FakeRequest[];
  /** The payment issued for an order number (the last one). */
  paymentFor(orderId: string): FakePayment | undefined;
  /** The customer pays: the MB WAY status becomes `000`. */
  pay(requestId: string): void;
  /** The callback ifthenpay would send for a payment (overrides: a value to change, null to leave a parameter out). */
  callbackQuery(requestId: string, overrides?: Record<string, string | null>): URLSearchParams;
  /** Sends that callback over HTTP to the app (the developer's script). */
  sendCallback(appUrl: string, requestId: string, overrides?: Record<string, string | null>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const ENTITY = '12345';

function ddmmyyyy(d: Date): string {
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

const AMOUNT = /^\d{1,7}\.\d{2}$/;

export async function startFakeIfthenpay(
  options: { port?: number; host?: string; mbKey?: string; mbwayKey?: string; antiPhishingKey?: string } = {},
): Promise<FakeIfthenpay> {
  let referenceSeq = 0;
  const fake = {
    url: '',
    mbKey: options.mbKey ?? 'AAA-000001',
    mbwayKey: options.mbwayKey ?? 'BBB-000002',
    antiPhishingKey: options.antiPhishingKey ?? `anti-${randomBytes(12).toString('hex')}`,
    mode: 'up',
    delayMs: 0,
    mbwayInitStatus: '000',
    requests: [],
    payments: new Map(),
  } as unknown as FakeIfthenpay;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const handle = (method: string, url: URL, body: Record<string, unknown> | null, res: http.ServerResponse) => {
    const path = url.pathname.replace(/\/+$/, '');
    const query = Object.fromEntries(url.searchParams);
    if (method === 'POST' && path === '/multibanco/reference/init') {
      if (body?.mbKey !== fake.mbKey) return json(res, 200, { Status: '-1', Message: 'Invalid mbKey' });
      const orderId = String(body.orderId ?? '');
      const amount = String(body.amount ?? '');
      if (!orderId || orderId.length > 25) return json(res, 200, { Status: '-1', Message: 'Invalid orderId' });
      if (!AMOUNT.test(amount)) return json(res, 200, { Status: '-1', Message: 'Invalid amount' });
      const days = Number(body.expiryDays ?? 0);
      const expiryDate = days > 0 ? ddmmyyyy(new Date(Date.now() + days * 86_400_000)) : '';
      const requestId = randomBytes(10).toString('hex');
      const reference = `${String(100_000_000 + ++referenceSeq * 7919).slice(0, 9)}`;
      fake.payments.set(requestId, { kind: 'multibanco', requestId, orderId, amount, entity: ENTITY, reference, expiryDate, paid: false });
      return json(res, 200, { Amount: amount, Entity: ENTITY, ExpiryDate: expiryDate, Message: 'Success', OrderId: orderId, Reference: reference, RequestId: requestId, Status: '0' });
    }
    if (method === 'POST' && path === '/spg/payment/mbway') {
      if (body?.mbWayKey !== fake.mbwayKey) return json(res, 200, { Status: '999', Message: 'Invalid MB WAY key' });
      const orderId = String(body.orderId ?? '');
      const amount = String(body.amount ?? '');
      const mobileNumber = String(body.mobileNumber ?? '');
      if (!orderId || orderId.length > 15 || !AMOUNT.test(amount) || !/^351#9\d{8}$/.test(mobileNumber)) {
        return json(res, 200, { Status: '100', Message: 'Initialization failed' });
      }
      if (fake.mbwayInitStatus !== '000') return json(res, 200, { Status: fake.mbwayInitStatus, Message: 'Declined' });
      const requestId = randomBytes(10).toString('hex');
      fake.payments.set(requestId, { kind: 'mbway', requestId, orderId, amount, mobileNumber, paid: false });
      return json(res, 200, { Amount: amount, Message: 'Pending', OrderId: orderId, RequestId: requestId, Status: '000' });
    }
    if (method === 'GET' && path === '/spg/payment/mbway/status') {
      if (query.mbWayKey !== fake.mbwayKey) return json(res, 200, { Status: '999', Message: 'Invalid MB WAY key' });
      const payment = fake.payments.get(query.requestId ?? '');
      const now = new Date().toISOString();
      if (!payment || payment.kind !== 'mbway') return json(res, 200, { Status: '999', Message: 'Not found', RequestId: query.requestId ?? '' });
      return json(res, 200, {
        CreatedAt: now,
        UpdateAt: now,
        Message: payment.paid ? 'Success' : 'Pending',
        RequestId: payment.requestId,
        Status: payment.paid ? '000' : '123',
      });
    }
    return json(res, 404, { Message: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: Record<string, unknown> | null = null;
      const raw = Buffer.concat(chunks).toString('utf8');
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return json(res, 400, { Message: 'Invalid JSON' });
        }
      }
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body });
      if (fake.mode === 'down') {
        res.writeHead(503, { 'content-type': 'text/plain' });
        return res.end('Service Unavailable');
      }
      const answer = () => {
        if (!res.destroyed) handle(req.method ?? 'GET', url, body, res);
      };
      if (fake.mode === 'slow') setTimeout(answer, fake.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  fake.url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  fake.env = () => ({
    IFTHENPAY_API_URL: fake.url,
    IFTHENPAY_MB_KEY: fake.mbKey,
    IFTHENPAY_MBWAY_KEY: fake.mbwayKey,
    IFTHENPAY_ANTI_PHISHING_KEY: fake.antiPhishingKey,
  });
  fake.calls = (path) => fake.requests.filter((r) => r.path === path);
  fake.paymentFor = (orderId) => [...fake.payments.values()].filter((p) => p.orderId === orderId).pop();
  fake.pay = (requestId) => {
    const p = fake.payments.get(requestId);
    if (!p) throw new Error(`fake-ifthenpay: pagamento ${requestId} desconhecido`);
    p.paid = true;
  };
  fake.callbackQuery = (requestId, overrides = {}) => {
    const p = fake.payments.get(requestId);
    if (!p) throw new Error(`fake-ifthenpay: pagamento ${requestId} desconhecido`);
    const params: Record<string, string | null> = {
      key: fake.antiPhishingKey,
      orderId: p.orderId,
      amount: p.amount,
      requestId: p.requestId,
      ...(p.kind === 'multibanco' ? { entity: p.entity!, reference: p.reference! } : {}),
      payment_datetime: ddmmyyyy(new Date()) + ' 12:00:00',
      payment_method: p.kind === 'multibanco' ? 'MB' : 'MBWAY',
      ...overrides,
    };
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== null) query.set(k, v);
    return query;
  };
  fake.sendCallback = async (appUrl, requestId, overrides) => {
    const response = await fetch(`${appUrl.replace(/\/$/, '')}/api/payments/ifthenpay/callback?${fake.callbackQuery(requestId, overrides).toString()}`);
    return { status: response.status, body: await response.text() };
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
