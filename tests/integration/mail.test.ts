/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import { resetEnvCache } from '@/lib/env';
import { listOutboxMails, sendMail } from '@/server/mail/send';
import { renderMail } from '@/server/mail/html';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

// The page's texts come from next-intl, an ES module Jest does not load: a stand-in returns keys.
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => (key: string) => `${namespace}.${key}`,
}));

// Who is looking: the outbox is for administrators only.
let mockViewer: { isAdmin: boolean } | null = { isAdmin: true };
jest.mock('@/server/auth/session', () => ({ getViewer: async () => mockViewer }));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.MAIL_FROM;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => {
  delete env.SMTP_URL;
  delete env.MAIL_FROM;
  resetEnvCache();
  smtp.clear();
  smtp.reject = null;
});

const sample = () => ({
  to: 'cliente@example.pt',
  subject: 'Orçamento: torneira monocomando',
  ...renderMail({
    title: 'Olá',
    blocks: [
      { kind: 'p', text: 'Linha com acentuação: água, aquecimento, ligação.' },
      { kind: 'quote', text: '<script>alert(1)</script>\nsegunda linha' },
    ],
    footer: [{ text: 'Casa das Águas de Gaia' }],
  }),
});

describe('sendMail', () => {
  it('without SMTP_URL keeps the mail in the outbox table only', async () => {
    const result = await sendMail(sample());
    expect(result.status).toBe('outbox');
    const [latest] = await listOutboxMails({ limit: 1 });
    expect(latest).toMatchObject({
      id: result.id,
      to: 'cliente@example.pt',
      subject: 'Orçamento: torneira monocomando',
      status: 'outbox',
    });
    expect(latest?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(latest?.html).not.toContain('<script>');
    expect(smtp.messages).toHaveLength(0);
  });

  it('with SMTP_URL sends through SMTP from MAIL_FROM and records it as sent', async () => {
    env.SMTP_URL = smtp.url;
    resetEnvCache();
    const result = await sendMail({
      ...sample(),
      replyTo: { name: 'Ana "A" Silva', address: 'ana@example.pt' },
    });
    expect(result).toEqual({ id: expect.any(Number), status: 'sent' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['cliente@example.pt']);
    expect(mail?.envelopeFrom).toBe('noreply@casadasaguasgaia.pt');
    expect(mail?.from).toBe('Casa das Águas de Gaia <noreply@casadasaguasgaia.pt>'); // display name MIME-encoded, decoded here
    expect(mail?.subject).toBe('Orçamento: torneira monocomando');
    expect(mail?.replyTo).toContain('ana@example.pt');
    expect(mail?.text).toContain('Linha com acentuação: água, aquecimento, ligação.');
    expect(mail?.text).toContain('> segunda linha');
    expect(mail?.html).toContain('&lt;script&gt;');
    const [row] = await listOutboxMails({ limit: 1 });
    expect(row).toMatchObject({ id: result.id, status: 'sent', error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.replyTo).toBe('"Ana \\"A\\" Silva" <ana@example.pt>');
  });

  it('uses MAIL_FROM when set', async () => {
    env.SMTP_URL = smtp.url;
    env.MAIL_FROM = 'Loja <loja@example.pt>';
    resetEnvCache();
    await sendMail(sample());
    const [mail] = await smtp.waitFor(1);
    expect(mail?.from).toBe('Loja <loja@example.pt>');
  });

  it('records a refused or unreachable server as failed instead of throwing, keeping the mail', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      env.SMTP_URL = smtp.url;
      resetEnvCache();
      smtp.reject = 'Caixa de correio indisponível';
      const refused = await sendMail(sample());
      expect(refused.status).toBe('failed');
      expect(refused.error).toMatch(/indispon/);

      env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens on port 9
      resetEnvCache();
      const unreachable = await sendMail(sample());
      expect(unreachable.status).toBe('failed');

      const rows = await listOutboxMails({ limit: 2 });
      expect(rows.map((r) => r.id)).toEqual([unreachable.id, refused.id]); // newest first
      expect(
        rows.every((r) => r.status === 'failed' && r.error && r.text.includes('acentuação')),
      ).toBe(true);
    } finally {
      errorSpy.mockRestore();
    }
  });
});

describe('/dev/outbox page', () => {
  afterEach(() => {
    env.NODE_ENV = 'test';
    delete env.ENABLE_DEV_OUTBOX;
    resetEnvCache();
  });

  it('lists the mails newest first with the HTML in a sandboxed iframe', async () => {
    await sendMail({ ...sample(), subject: 'Primeiro' });
    await sendMail({
      ...sample(),
      subject: 'Segundo',
      text: 'Abra https://loja.example.pt/newsletter/confirmar?token=abc',
    });
    const { default: DevOutboxPage } = await import('@/app/dev/outbox/page');
    const html = renderToStaticMarkup(await DevOutboxPage());
    expect(html.indexOf('Segundo')).toBeGreaterThan(-1);
    expect(html.indexOf('Segundo')).toBeLessThan(html.indexOf('Primeiro'));
    expect(html).toMatch(/<iframe[^>]*sandbox=""[^>]*srcDoc=|<iframe[^>]*srcDoc=[^>]*sandbox=""/i);
    expect(html).toContain('href="https://loja.example.pt/newsletter/confirmar?token=abc"');
  });

  it('sends a visitor to the staff login and refuses a non-admin account (403)', async () => {
    const { default: DevOutboxPage } = await import('@/app/dev/outbox/page');
    const processEnv = process.env as Record<string, string | undefined>;
    processEnv.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
    try {
      mockViewer = null;
      await expect(DevOutboxPage()).rejects.toMatchObject({ digest: expect.stringContaining('/admin/login?next=%2Fdev%2Foutbox') });
      mockViewer = { isAdmin: false };
      await expect(DevOutboxPage()).rejects.toMatchObject({ digest: expect.stringContaining(';403') });
    } finally {
      mockViewer = { isAdmin: true };
      delete processEnv.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS;
    }
  });

  it('answers 404 in production unless ENABLE_DEV_OUTBOX=1', async () => {
    const { default: DevOutboxPage } = await import('@/app/dev/outbox/page');
    env.NODE_ENV = 'production';
    resetEnvCache();
    await expect(DevOutboxPage()).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    env.ENABLE_DEV_OUTBOX = '1';
    resetEnvCache();
    await expect(DevOutboxPage()).resolves.toBeTruthy();
  });
});
