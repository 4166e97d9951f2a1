/** @jest-environment node */
import { desc, sql } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { sendContactMessageAction } from '@/server/contact/actions';
import { getDb } from '@/server/db/client';
import { contactMessages, mailOutbox } from '@/server/db/schema';
import { CLIENT_IP_HEADER, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/** The request the action runs in: each test comes from its own client IP (3 messages an hour each). */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
}));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  resetEnvCache();
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await smtp.close();
});

let ipCounter = 0;
beforeEach(() => {
  mockRequestHeaders.set(CLIENT_IP_HEADER, `198.51.100.${++ipCounter}`);
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  smtp.clear();
  smtp.reject = null;
});

const valid = {
  name: 'Ana Silva',
  email: 'ana.silva@example.pt',
  phone: '912 345 678',
  subject: 'Pedido de orçamento',
  message: 'Preciso de orçamento para 3 torneiras monocomando <b>cromadas</b>.\nObra em Gaia.',
  consent: true,
  honeypot: '',
};

async function count(table: typeof contactMessages | typeof mailOutbox): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return r?.n ?? 0;
}

describe('sendContactMessageAction', () => {
  it('stores the message and e-mails the shop (reply-to the customer) and the customer', async () => {
    const result = await sendContactMessageAction(valid);
    expect(result).toEqual({ ok: true, data: { message: 'Contact.form.success' } });

    const db = await getDb();
    const [stored] = await db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(stored).toMatchObject({
      name: 'Ana Silva',
      email: 'ana.silva@example.pt',
      phone: '912345678',
      subject: 'Pedido de orçamento',
      message: valid.message,
      status: 'new',
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);

    const mails = await smtp.waitFor(2);
    expect(mails).toHaveLength(2);
    const toShop = mails.find((m) => m.envelopeTo.includes(DEFAULT_SHOP_SETTINGS.email));
    const toCustomer = mails.find((m) => m.envelopeTo.includes('ana.silva@example.pt'));
    expect(toShop?.subject).toBe('[Contacto] Pedido de orçamento — Ana Silva');
    expect(toShop?.replyTo).toBe('Ana Silva <ana.silva@example.pt>');
    expect(toShop?.text).toContain('Telemóvel: 912345678');
    expect(toShop?.text).toContain('> Obra em Gaia.');
    expect(toShop?.html).toContain('&lt;b&gt;cromadas&lt;/b&gt;');
    expect(toShop?.html).not.toContain('<b>cromadas</b>');
    expect(toCustomer?.subject).toBe('Recebemos a sua mensagem — Casa das Águas de Gaia');
    expect(toCustomer?.text).toContain('Olá Ana Silva,');
    // Anyone may type anyone's address: the acknowledgement carries no copy of the message.
    expect(toCustomer?.text).not.toContain('Preciso de orçamento para 3 torneiras');
    expect(toCustomer?.html).not.toContain('cromadas');

    const outbox = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
    expect(outbox.map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('notifies SHOP_NOTIFY_EMAIL when set, and accepts a message without a phone', async () => {
    env.SHOP_NOTIFY_EMAIL = 'vendas@example.pt';
    resetEnvCache();
    const result = await sendContactMessageAction({
      ...valid,
      phone: '',
      subject: 'Outro',
      email: 'rui@example.pt',
      name: 'Rui',
    });
    expect(result.ok).toBe(true);
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([
      'rui@example.pt',
      'vendas@example.pt',
    ]);
    expect(mails.find((m) => m.envelopeTo[0] === 'vendas@example.pt')?.text).toContain(
      'Telemóvel: —',
    );
  });

  it('answers a filled honeypot as success, storing and sending nothing', async () => {
    const messages = await count(contactMessages);
    const outbox = await count(mailOutbox);
    const result = await sendContactMessageAction({ ...valid, honeypot: 'https://spam.example' });
    expect(result.ok).toBe(true);
    expect(await count(contactMessages)).toBe(messages);
    expect(await count(mailOutbox)).toBe(outbox);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(0);
  });

  it('validates again on the server: field message keys, nothing stored', async () => {
    const messages = await count(contactMessages);
    const result = await sendContactMessageAction({
      ...valid,
      phone: '91234567',
      message: 'curta',
      consent: false,
      subject: '',
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        fieldErrors: {
          phone: ['Contact.validation.phoneInvalid'],
          message: ['Contact.validation.messageTooShort'],
          consent: ['Contact.validation.consentRequired'],
          subject: ['Contact.validation.subjectRequired'],
        },
      },
    });
    await expect(sendContactMessageAction(null as never)).resolves.toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest' },
    });
    expect(await count(contactMessages)).toBe(messages);
  });

  it('keeps the message when the mail server refuses, with the mails marked failed', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      smtp.reject = 'Indisponível';
      const messages = await count(contactMessages);
      const result = await sendContactMessageAction(valid);
      expect(result.ok).toBe(true);
      expect(await count(contactMessages)).toBe(messages + 1);
      const db = await getDb();
      const outbox = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
      expect(outbox.map((m) => m.status)).toEqual(['failed', 'failed']);
    } finally {
      errorSpy.mockRestore();
    }
  });
});
