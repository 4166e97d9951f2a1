/** @jest-environment node */
import { NextRequest } from 'next/server';
import { resetEnvCache } from '@/lib/env';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { POST as newsletterPost } from '@/app/api/newsletter/route';
import { GET as searchGet } from '@/app/api/products/search/route';
import { submitAccessRequestAction } from '@/server/access-requests/actions';
import { createAccount } from '@/server/auth/accounts';
import { signUpAction } from '@/server/auth/actions';
import { sendContactMessageAction } from '@/server/contact/actions';
import { getDb } from '@/server/db/client';
import { asServedBy, CLIENT_IP_HEADER, clientIpHeaders, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * The abuse limits of issue 9, through the real route handlers and server actions on a real
 * database, with the client IP given the way scripts/serve.mjs gives it (its own function decides
 * it from the socket address, X-Forwarded-For and TRUSTED_PROXY_COUNT), and mail through a real
 * SMTP server.
 */

/** The request a server action runs in (client IP, host): set by each test. */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
}));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SITE_URL = SITE;
  resetEnvCache();
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SITE_URL;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => {
  smtp.clear();
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost:3000');
});

/** A server action's request from `ip`. */
function actionFrom(ip: string) {
  mockRequestHeaders.set(CLIENT_IP_HEADER, ip);
}

/** POST /api/auth/… through the app's route handler, with the headers serve.mjs passes on. */
function authCall(path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return authPost(
    new Request(`${SITE}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

const PASSWORD = 'Certa-Password-1';
async function account(email: string, fullName = 'Cliente Conhecido') {
  await createAccount(await getDb(), { email, password: PASSWORD, fullName, role: 'viewer', isAdmin: false, userType: 'particular' });
}

describe('one trusted client IP', () => {
  it('40 sign-ins from one machine, each with a different forged X-Forwarded-For, end in 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const sent = { 'x-forwarded-for': `10.9.${i}.1`, 'x-real-ip': `10.8.${i}.1`, [CLIENT_IP_HEADER]: `10.7.${i}.1` };
      const response = await authCall('/sign-in/email', { email: `forjado-${i}@example.pt`, password: 'Errada-Password-1' }, asServedBy(sent, '192.0.2.10'));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('with TRUSTED_PROXY_COUNT=1 counts the right-most X-Forwarded-For hop, not the proxy or what the client wrote', async () => {
    const proxy = '10.0.0.1';
    const viaProxy = (client: string, i: number) => asServedBy({ 'x-forwarded-for': `172.16.${i}.9, ${client}` }, proxy, 1);
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i++) {
      statuses.push((await authCall('/sign-in/email', { email: `proxy-${i}@example.pt`, password: 'Errada-Password-1' }, viaProxy('198.51.100.200', i))).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy is its own count.
    expect((await authCall('/sign-in/email', { email: 'proxy-outro@example.pt', password: 'Errada-Password-1' }, viaProxy('198.51.100.201', 99))).status).toBe(401);
  });
});

describe('login limits do not lock a known user out', () => {
  it('a stranger failing on a known e-mail is stopped, the owner still logs in from another IP', async () => {
    const email = 'conhecida@example.pt';
    await account(email);
    const stranger = clientIpHeaders('203.0.113.66');
    const strangerStatuses: number[] = [];
    for (let i = 0; i < 8; i++) strangerStatuses.push((await authCall('/sign-in/email', { email, password: 'Errada-Password-1' }, stranger)).status);
    expect(strangerStatuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // More strangers, more IPs: past 10 attempts on the e-mail the answers slow down, never a refusal.
    for (const ip of ['203.0.113.67', '203.0.113.68']) {
      for (let i = 0; i < 3; i++) expect((await authCall('/sign-in/email', { email, password: 'Errada-Password-1' }, clientIpHeaders(ip))).status).toBe(401);
    }

    const owner = await authCall('/sign-in/email', { email, password: PASSWORD }, clientIpHeaders('198.51.100.44'));
    expect(owner.status).toBe(200);
    expect(owner.headers.get('set-auth-token')).toBeTruthy();
  });
});

describe('sign-up', () => {
  const signUp = (email: string) => ({
    email,
    password: 'Boa-Password-2026',
    confirmPassword: 'Boa-Password-2026',
    firstName: 'Sónia',
    lastName: 'Sondagem',
    acceptPrivacyPolicy: true as const,
    newsletter: false,
  });

  it('the form answers "already registered" at most 10 times an hour per IP: then 429, whichever the address', async () => {
    const emails = Array.from({ length: 11 }, (_, i) => `registada-${i}@example.pt`);
    for (const email of emails) await account(email);
    actionFrom('198.51.100.70');
    const codes: string[] = [];
    for (const email of emails) {
      const result = await signUpAction(signUp(email));
      codes.push(result.ok ? 'ok' : result.error.code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('conflict'));
    const last = await signUpAction(signUp(emails[0]!));
    expect(last).toMatchObject({ ok: false, error: { code: 'rate_limited', message: 'Errors.rateLimited', values: { minutes: 60 } } });
    expect(codes[10]).toBe('rate_limited');
  });

  it('the form answers about one address at most 3 times an hour, from any IP', async () => {
    const email = 'sondada@example.pt';
    await account(email);
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      actionFrom(`198.51.100.${80 + i}`);
      const result = await signUpAction(signUp(email));
      codes.push(result.ok ? 'ok' : result.error.code);
    }
    expect(codes).toEqual(['conflict', 'conflict', 'conflict', 'rate_limited']);
  });

  it('counts each form attempt once (a new address: created, then "already registered" twice, then 429)', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      actionFrom(`198.51.100.${85 + i}`);
      const result = await signUpAction(signUp('nova-conta@example.pt'));
      codes.push(result.ok ? 'ok' : result.error.code);
    }
    expect(codes).toEqual(['ok', 'conflict', 'conflict', 'rate_limited']);
  });

  it('the confirmation mail greets with at most 60 characters of the name', async () => {
    // Longer than a greeting, within the 160 characters a name may have.
    const longName = `Ana ${'Publicidade Enorme '.repeat(7)}fim`;
    expect(longName.length).toBeGreaterThan(100);
    const response = await authCall('/sign-up/email', { name: longName, email: 'nome-longo@example.pt', password: 'Boa-Password-2026' }, clientIpHeaders('198.51.100.91'));
    expect(response.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).not.toContain(longName);
    const greeting = /Olá ([^\n]*),/.exec(mail!.text)?.[1] ?? '';
    expect(greeting.startsWith('Ana Publicidade')).toBe(true);
    expect([...greeting].length).toBeLessThanOrEqual(60);
  });

  it('the HTTP endpoint is limited per IP before it says whether the address exists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      await account(`http-registada-${i}@example.pt`);
      const response = await authCall('/sign-up/email', { name: 'Sonda', email: `http-registada-${i}@example.pt`, password: 'Boa-Password-2026' }, clientIpHeaders('198.51.100.90'));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('contact form', () => {
  const message = (n: number, email = `destino-${n}@example.pt`) => ({
    name: 'Ana Silva',
    email,
    phone: '',
    subject: 'Outro',
    message: `Mensagem de teste número ${n} com texto suficiente.`,
    consent: true,
    honeypot: '',
  });

  it('refuses the 4th message from one IP within the hour, with the Portuguese 429 message', async () => {
    actionFrom('198.51.100.100');
    const results = [];
    for (let n = 1; n <= 4; n++) results.push(await sendContactMessageAction(message(n)));
    expect(results.slice(0, 3).map((r) => r.ok)).toEqual([true, true, true]);
    expect(results[3]).toEqual({ ok: false, error: { code: 'rate_limited', message: 'Errors.rateLimited', values: { minutes: 60 } } });
    // Another IP may still write.
    actionFrom('198.51.100.101');
    expect((await sendContactMessageAction(message(5))).ok).toBe(true);
  });

  it('refuses a 4th acknowledgement to one address within the hour, whichever the IP', async () => {
    const results = [];
    for (let n = 1; n <= 4; n++) {
      actionFrom(`198.51.100.${110 + n}`);
      results.push(await sendContactMessageAction(message(n, 'vitima@example.pt')));
    }
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'ok', 'ok', 'rate_limited']);
  });

  it("the acknowledgement carries neither the message nor more than 60 characters of the name", async () => {
    actionFrom('198.51.100.120');
    const spam = 'Compre já em loja-falsa ponto com: descontos incríveis, clique e ganhe prémios todos os dias.';
    const longName = `Maria ${'Oferta Especial Imperdível '.repeat(4)}`.trim();
    expect(longName.length).toBeGreaterThan(60);
    const result = await sendContactMessageAction({ ...message(1, 'alguem@example.pt'), name: longName, message: spam });
    expect(result.ok).toBe(true);
    const mails = await smtp.waitFor(2);
    const ack = mails.find((m) => m.envelopeTo.includes('alguem@example.pt'))!;
    expect(ack.text).not.toContain('loja-falsa');
    expect(ack.html).not.toContain('loja-falsa');
    expect(ack.text).not.toContain(longName);
    const greeting = /Olá ([^\n]*),/.exec(ack.text)?.[1] ?? '';
    expect(greeting.startsWith('Maria Oferta')).toBe(true);
    expect([...greeting].length).toBeLessThanOrEqual(60);
    // The shop gets the whole message.
    const toShop = mails.find((m) => !m.envelopeTo.includes('alguem@example.pt'))!;
    expect(toShop.text).toContain('loja-falsa');
  });

  it('a name that reads as a link is not repeated at all', async () => {
    actionFrom('198.51.100.121');
    const result = await sendContactMessageAction({ ...message(1, 'outra@example.pt'), name: 'Visite https://loja-falsa.example' });
    expect(result.ok).toBe(true);
    const ack = (await smtp.waitFor(2)).find((m) => m.envelopeTo.includes('outra@example.pt'))!;
    expect(ack.text).toContain('Olá,');
    expect(ack.text).not.toContain('loja-falsa');
  });
});

describe('access request acknowledgement', () => {
  it('repeats no company name and at most 60 characters of the contact name', async () => {
    actionFrom('198.51.100.130');
    const longName = `Rui ${'Anúncio Gigante '.repeat(6)}`.trim();
    const result = await submitAccessRequestAction({
      companyName: 'Ganhe Dinheiro Fácil Lda visite loja falsa',
      fiscalNumber: '501964843',
      contactName: longName,
      email: 'pedido@example.pt',
      phone: '912345678',
      typology: 'Instalador',
      acceptPrivacyPolicy: true,
    });
    expect(result).toMatchObject({ ok: true });
    const ack = (await smtp.waitFor(2)).find((m) => m.envelopeTo.includes('pedido@example.pt'))!;
    expect(ack.text).not.toContain('Ganhe Dinheiro');
    expect(ack.text).not.toContain(longName);
    expect([...(/Olá ([^\n]*),/.exec(ack.text)?.[1] ?? '')].length).toBeLessThanOrEqual(60);
  });
});

describe('newsletter', () => {
  it('POST /api/newsletter: a 4th subscription of one address within the hour answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await newsletterPost(
        new Request('http://localhost/api/newsletter', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...clientIpHeaders(`198.51.100.${140 + i}`) },
          body: JSON.stringify({ email: 'repetida@example.pt' }),
        }),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('search', () => {
  const searchFrom = (ip: string) =>
    searchGet(new NextRequest('http://localhost/api/products/search?q=torneira&limit=10', { headers: clientIpHeaders(ip) }));

  it('answers the 121st search of one IP within a minute with a 429 JSON envelope; other IPs go on', async () => {
    for (let i = 0; i < 120; i++) expect((await searchFrom('198.51.100.150')).status).toBe(200);
    const refused = await searchFrom('198.51.100.150');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const body = (await refused.json()) as { success: boolean; message: string; error: { code: string; details: { retryAfter: string[] } } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('rate_limited');
    expect(body.message).toMatch(/^Demasiadas tentativas\. Por favor, aguarde 1 minuto e tente novamente\.$/);
    expect(Number(body.error.details.retryAfter[0])).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toBe(body.error.details.retryAfter[0]);
    expect((await searchFrom('198.51.100.151')).status).toBe(200);
  });
});
