/** @jest-environment node */
import { desc, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import type { Viewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { submitAccessRequestAction } from '@/server/access-requests/actions';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { accessRequests, mailOutbox, users } from '@/server/db/schema';
import { CLIENT_IP_HEADER, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { text } from '../helpers/next-intl';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/** The request being served: its headers (client IP, host) are set by each test. */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
}));
// The session lookup is better-auth's (tested elsewhere); here only who is signed in matters.
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const viewer = jest.mocked(getViewer);
let smtp: SmtpCapture;
let ipCounter = 0;

/** Each test comes from its own IP, so the per-IP limit counts only its own requests. */
function fromNewIp(): string {
  ipCounter += 1;
  const ip = `198.51.100.${ipCounter}`;
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost:3000');
  mockRequestHeaders.set(CLIENT_IP_HEADER, ip);
  return ip;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  resetEnvCache();
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  delete env.PRODUCTION_HOSTS;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => {
  delete env.SHOP_NOTIFY_EMAIL;
  delete env.PRODUCTION_HOSTS;
  delete env.AUTH_RATE_LIMIT_IP_SCALE;
  resetEnvCache();
  smtp.clear();
  smtp.reject = null;
  viewer.mockReset();
  viewer.mockResolvedValue(null);
  fromNewIp();
});

const valid = {
  companyName: 'Canalizações <b>Silva</b>, Lda.',
  fiscalNumber: '123 456 789',
  contactName: 'Ana Silva',
  email: 'Ana.Silva@Example.pt',
  phone: '912 345 678',
  typology: 'Instalador',
  message: 'Trabalhamos em obras de reabilitação.\nSobretudo em Gaia e no Porto.',
  acceptPrivacyPolicy: true,
  honeypot: '',
};

async function count(table: typeof accessRequests | typeof mailOutbox): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return r?.n ?? 0;
}

async function latestRequest() {
  const db = await getDb();
  const [row] = await db.select().from(accessRequests).orderBy(desc(accessRequests.id)).limit(1);
  return row;
}

describe('submitAccessRequestAction', () => {
  it('stores the request as pending and e-mails the shop (every field, reply-to the requester) and the requester', async () => {
    const result = await submitAccessRequestAction(valid);
    expect(result).toEqual({ ok: true, data: { message: 'AccessRequest.form.success' } });

    const stored = await latestRequest();
    expect(stored).toMatchObject({
      companyName: 'Canalizações <b>Silva</b>, Lda.',
      fiscalNumber: '123456789',
      contactName: 'Ana Silva',
      email: 'ana.silva@example.pt',
      phone: '912345678',
      typology: 'Instalador',
      message: valid.message,
      status: 'pending',
      userId: null,
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);

    const mails = await smtp.waitFor(2);
    expect(mails).toHaveLength(2);
    const toShop = mails.find((m) => m.envelopeTo.includes(DEFAULT_SHOP_SETTINGS.email));
    const toRequester = mails.find((m) => m.envelopeTo.includes('ana.silva@example.pt'));
    expect(toShop?.subject).toBe('[Pedido de acesso] Canalizações <b>Silva</b>, Lda. — Ana Silva');
    expect(toShop?.replyTo).toBe('Ana Silva <ana.silva@example.pt>');
    for (const line of [
      'Empresa: Canalizações <b>Silva</b>, Lda.',
      'NIF: 123456789',
      'Contacto: Ana Silva',
      'Email: ana.silva@example.pt',
      'Telemóvel: 912345678',
      'Tipologia: Instalador',
      '> Trabalhamos em obras de reabilitação.',
      '> Sobretudo em Gaia e no Porto.',
      `Pedido de acesso n.º ${stored?.id}`,
    ]) {
      expect(toShop?.text).toContain(line);
    }
    expect(toShop?.html).toContain('Canalizações &lt;b&gt;Silva&lt;/b&gt;');
    expect(toShop?.html).not.toContain('<b>Silva</b>');

    expect(toRequester?.subject).toBe(
      'Recebemos o seu pedido de acesso profissional — Casa das Águas de Gaia',
    );
    expect(toRequester?.replyTo).toBeUndefined();
    expect(toRequester?.text).toContain('Olá Ana Silva,');
    expect(toRequester?.text).toContain('2 dias úteis');
    expect(toRequester?.text).toContain('NIF: 123456789');

    const db = await getDb();
    const outbox = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
    expect(outbox.map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('notifies SHOP_NOTIFY_EMAIL when set, accepts a request without phone and message, and links a signed-in user', async () => {
    env.SHOP_NOTIFY_EMAIL = 'comercial@example.pt';
    resetEnvCache();
    const db = await getDb();
    await db.insert(users).values({ id: 'user-rui', name: 'Rui Costa', email: 'rui@obras.pt' });
    viewer.mockResolvedValue({ id: 'user-rui', email: 'rui@obras.pt', isAdmin: false } as Viewer);

    const result = await submitAccessRequestAction({
      ...valid,
      email: 'rui@obras.pt',
      contactName: 'Rui Costa',
      phone: '',
      message: '   ',
      typology: 'Outro',
    });
    expect(result.ok).toBe(true);
    expect(await latestRequest()).toMatchObject({
      email: 'rui@obras.pt',
      phone: null,
      message: null,
      typology: 'Outro',
      userId: 'user-rui',
    });
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([
      'comercial@example.pt',
      'rui@obras.pt',
    ]);
    const toShop = mails.find((m) => m.envelopeTo[0] === 'comercial@example.pt');
    expect(toShop?.text).toContain('Telemóvel: —');
    expect(toShop?.text).toContain('utilizador user-rui');
  });

  it('answers a filled honeypot as success, storing and sending nothing', async () => {
    const requests = await count(accessRequests);
    const outbox = await count(mailOutbox);
    const result = await submitAccessRequestAction({ ...valid, honeypot: 'https://spam.example' });
    expect(result).toEqual({ ok: true, data: { message: 'AccessRequest.form.success' } });
    expect(await count(accessRequests)).toBe(requests);
    expect(await count(mailOutbox)).toBe(outbox);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses an invalid NIF (and other invalid fields) with their messages, storing nothing', async () => {
    const requests = await count(accessRequests);
    const outbox = await count(mailOutbox);
    const result = await submitAccessRequestAction({ ...valid, fiscalNumber: '123456780' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'bad_request', fieldErrors: { fiscalNumber: ['Validation.nifInvalid'] } },
    });

    const many = await submitAccessRequestAction({
      companyName: ' ',
      fiscalNumber: '12345',
      contactName: '',
      email: 'ana@',
      phone: '91234',
      typology: 'Particular',
      acceptPrivacyPolicy: false,
    });
    expect(many).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        fieldErrors: {
          companyName: ['AccessRequest.validation.companyRequired'],
          fiscalNumber: ['Validation.nifLength'],
          contactName: ['AccessRequest.validation.contactRequired'],
          email: ['Validation.emailInvalid'],
          phone: ['Validation.phoneInvalid'],
          typology: ['AccessRequest.validation.typologyRequired'],
          acceptPrivacyPolicy: ['Validation.privacyRequired'],
        },
      },
    });
    await expect(submitAccessRequestAction(null as never)).resolves.toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest' },
    });
    expect(await count(accessRequests)).toBe(requests);
    expect(await count(mailOutbox)).toBe(outbox);
  });

  it('refuses the 6th request from one IP within the hour with the rate-limit message', async () => {
    const requests = await count(accessRequests);
    for (let i = 1; i <= 5; i++) {
      const result = await submitAccessRequestAction({ ...valid, email: `pedido${i}@example.pt` });
      expect(result.ok).toBe(true);
    }
    expect(await count(accessRequests)).toBe(requests + 5);

    const sixth = await submitAccessRequestAction({ ...valid, email: 'pedido6@example.pt' });
    expect(sixth).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    const refusal = sixth.ok ? null : sixth.error;
    expect(text(refusal?.message ?? '', refusal?.values)).toMatch(
      /^Demasiadas tentativas\. Por favor, aguarde \d+ minutos? e tente novamente\.$/,
    );
    expect(await count(accessRequests)).toBe(requests + 5);

    // Another IP is not affected.
    fromNewIp();
    await expect(
      submitAccessRequestAction({ ...valid, email: 'pedido7@example.pt' }),
    ).resolves.toMatchObject({ ok: true });
  });

  it('limits the requests of one e-mail address too (3 per hour, from any IP)', async () => {
    const email = 'repetido@example.pt';
    for (let i = 0; i < 3; i++) {
      fromNewIp();
      await expect(submitAccessRequestAction({ ...valid, email })).resolves.toMatchObject({
        ok: true,
      });
    }
    fromNewIp();
    await expect(submitAccessRequestAction({ ...valid, email })).resolves.toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
  });

  it('is closed on a production host (registration flag off), except for admins', async () => {
    env.PRODUCTION_HOSTS = 'loja.example.pt';
    resetEnvCache();
    mockRequestHeaders.set('host', 'loja.example.pt');
    const requests = await count(accessRequests);
    await expect(submitAccessRequestAction(valid)).resolves.toEqual({
      ok: false,
      error: { code: 'feature_off', message: 'AccessRequest.form.closed' },
    });
    expect(await count(accessRequests)).toBe(requests);

    const db = await getDb();
    await db.insert(users).values({ id: 'user-admin', name: 'Admin', email: 'admin@example.pt' });
    viewer.mockResolvedValue({
      id: 'user-admin',
      email: 'admin@example.pt',
      isAdmin: true,
    } as Viewer);
    await expect(
      submitAccessRequestAction({ ...valid, email: 'admin-teste@example.pt' }),
    ).resolves.toMatchObject({ ok: true });
    expect(await count(accessRequests)).toBe(requests + 1);
  });
});
