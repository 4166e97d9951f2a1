/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { resetEnvCache } from '@/lib/env';
import { POST } from '@/app/api/newsletter/route';
import { POST as oneClickUnsubscribe } from '@/app/api/newsletter/cancelar/route';
import { getDb } from '@/server/db/client';
import { mailOutbox, newsletterSubscriptions } from '@/server/db/schema';
import {
  subscribeNewsletterAction,
  unsubscribeNewsletterAction,
} from '@/server/newsletter/actions';
import {
  confirmNewsletterSubscription,
  getNewsletterSubscriptionByUnsubscribeToken,
  hashToken,
  subscribeToNewsletter,
} from '@/server/newsletter/subscriptions';
import { clientIpHeaders, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../helpers/smtp';

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SITE_URL = 'https://loja.example.pt';
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
  smtp.reject = null;
});

function post(body: unknown, init: { raw?: string; ip?: string } = {}) {
  return POST(
    new Request('http://localhost/api/newsletter', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.ip ? clientIpHeaders(init.ip) : {}),
      },
      body: init.raw ?? JSON.stringify(body),
    }),
  );
}

async function row(email: string) {
  const db = await getDb();
  const [r] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return r;
}

async function outboxCount(): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return r?.n ?? 0;
}

function tokenOf(mail: CapturedMail | undefined, path: string): string {
  const match = mail?.text.match(
    new RegExp(`https://loja\\.example\\.pt${path}\\?token=([A-Za-z0-9_-]+)`),
  );
  if (!match?.[1]) throw new Error(`Sem ligação ${path} no email:\n${mail?.text}`);
  return match[1];
}

/** Makes the last confirmation mail look older than the 10-minute resend limit. */
async function age(email: string, minutes: number) {
  const db = await getDb();
  await db
    .update(newsletterSubscriptions)
    .set({ confirmationSentAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(newsletterSubscriptions.email, email));
}

describe('POST /api/newsletter', () => {
  it('stores a pending subscription and e-mails a confirmation link that works', async () => {
    const response = await post(
      { email: '  Ana.Silva@Example.PT ', mmerge4: 'Instalador' },
      { ip: '203.0.113.7' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      success: true,
      data: null,
      message: expect.stringContaining('Subscrição realizada com sucesso!'),
    });

    const stored = await row('ana.silva@example.pt');
    expect(stored).toMatchObject({
      status: 'pending',
      customerType: 'Instalador',
      source: 'popup',
      confirmedAt: null,
    });
    expect(stored?.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(stored?.ipHash).not.toContain('203.0.113.7');

    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['ana.silva@example.pt']);
    expect(mail?.subject).toBe('Confirme a sua subscrição da newsletter');
    const token = tokenOf(mail, '/newsletter/confirmar');
    expect(stored?.confirmTokenHash).toBe(hashToken(token)); // only the hash is stored
    expect(mail?.html).toContain(`https://loja.example.pt/newsletter/confirmar?token=${token}`);
    // Every newsletter mail carries the unsubscribe link (and the one-click header).
    expect(tokenOf(mail, '/newsletter/cancelar')).toBe(stored?.unsubscribeToken);
    expect(mail?.headers['list-unsubscribe']).toBe(
      `<https://loja.example.pt/api/newsletter/cancelar?token=${stored?.unsubscribeToken}>`,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await expect(confirmNewsletterSubscription(token)).resolves.toEqual({
      status: 'confirmed',
      email: 'ana.silva@example.pt',
    });
    const confirmed = await row('ana.silva@example.pt');
    expect(confirmed?.status).toBe('confirmed');
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
    // Opening the link again is harmless; a made-up token is not.
    await expect(confirmNewsletterSubscription(token)).resolves.toEqual({
      status: 'already_confirmed',
      email: 'ana.silva@example.pt',
    });
    await expect(confirmNewsletterSubscription('x'.repeat(43))).resolves.toEqual({
      status: 'invalid',
    });
    await expect(confirmNewsletterSubscription('')).resolves.toEqual({ status: 'invalid' });
  });

  it('answers 400 with a Portuguese message for a bad e-mail, and stores and sends nothing', async () => {
    const before = await outboxCount();
    const bad = await post({ email: 'nao-e-um-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      message: 'Por favor, introduza um email válido.',
      error: { code: 'bad_request', details: { email: ['Por favor, introduza um email válido.'] } },
    });

    const empty = await post({ email: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Por favor, introduza o seu email.');

    const missing = await post({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Por favor, introduza o seu email.');

    const badType = await post({ email: 'tipo@example.pt', mmerge4: 'Astronauta' });
    expect(badType.status).toBe(400);
    expect((await badType.json()).message).toBe('Por favor, escolha um tipo de cliente da lista.');

    const notJson = await post(null, { raw: '{email:' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe('O pedido tem de ser um objeto JSON.');

    const notObject = await post(['a']);
    expect(notObject.status).toBe(400);
    expect((await notObject.json()).message).toBe('Pedido inválido.');

    expect(await row('tipo@example.pt')).toBeUndefined();
    expect(await outboxCount()).toBe(before);
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers a filled honeypot as success, storing and sending nothing', async () => {
    const before = await outboxCount();
    const response = await post({
      email: 'robo@example.pt',
      mmerge4: 'Outro',
      honeypot: 'https://spam.example',
    });
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
    expect(await row('robo@example.pt')).toBeUndefined();
    expect(await outboxCount()).toBe(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers 503 when the confirmation mail cannot be sent, and sends it on the next try', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      smtp.reject = 'Servidor ocupado';
      const failed = await post({ email: 'falha@example.pt' });
      expect(failed.status).toBe(503);
      expect((await failed.json()).message).toBe(
        'Ocorreu um erro ao processar o seu pedido. Por favor, tente novamente mais tarde.',
      );
      const db = await getDb();
      const [kept] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'falha@example.pt'));
      expect(kept).toMatchObject({
        status: 'failed',
        subject: 'Confirme a sua subscrição da newsletter',
      });
      expect((await row('falha@example.pt'))?.confirmationSentAt).toBeNull();
    } finally {
      errorSpy.mockRestore();
    }
    smtp.reject = null;
    const retried = await post({ email: 'falha@example.pt' });
    expect(retried.status).toBe(200);
    await smtp.waitFor(1);
    expect(smtp.messages[0]?.envelopeTo).toEqual(['falha@example.pt']);
  });
});

describe('subscribing twice', () => {
  it('pending: resends the confirmation at most once per 10 minutes, with a new working token', async () => {
    await subscribeToNewsletter({ email: 'rui@example.pt', source: 'footer' });
    const [first] = await smtp.waitFor(1);
    const firstToken = tokenOf(first, '/newsletter/confirmar');

    await expect(
      subscribeToNewsletter({ email: 'RUI@example.pt', source: 'banner', mmerge4: 'Arquiteto' }),
    ).resolves.toEqual({ outcome: 'throttled' });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(1);
    const stored = await row('rui@example.pt');
    expect(stored).toMatchObject({
      status: 'pending',
      source: 'footer',
      customerType: 'Arquiteto',
    });

    await age('rui@example.pt', 11);
    await expect(subscribeToNewsletter({ email: 'rui@example.pt' })).resolves.toEqual({
      outcome: 'resent',
    });
    const [, second] = await smtp.waitFor(2);
    const secondToken = tokenOf(second, '/newsletter/confirmar');
    expect(secondToken).not.toBe(firstToken);
    expect(tokenOf(second, '/newsletter/cancelar')).toBe(tokenOf(first, '/newsletter/cancelar'));

    await expect(confirmNewsletterSubscription(firstToken)).resolves.toEqual({ status: 'invalid' });
    await expect(confirmNewsletterSubscription(secondToken)).resolves.toMatchObject({
      status: 'confirmed',
    });

    const db = await getDb();
    const rows = await db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'rui@example.pt'`);
    expect(rows).toHaveLength(1); // one row whatever the case of the address
  });

  it('confirmed: answers success and sends nothing', async () => {
    await subscribeToNewsletter({ email: 'marta@example.pt' });
    const [mail] = await smtp.waitFor(1);
    await confirmNewsletterSubscription(tokenOf(mail, '/newsletter/confirmar'));
    await age('marta@example.pt', 60);

    const response = await post({ email: 'Marta@Example.pt' });
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(1);
    expect((await row('marta@example.pt'))?.status).toBe('confirmed');
  });

  it('unsubscribed: goes back to pending with a new confirmation', async () => {
    await subscribeToNewsletter({ email: 'joao@example.pt' });
    const [mail] = await smtp.waitFor(1);
    await confirmNewsletterSubscription(tokenOf(mail, '/newsletter/confirmar'));
    const unsubscribeToken = tokenOf(mail, '/newsletter/cancelar');

    await expect(getNewsletterSubscriptionByUnsubscribeToken(unsubscribeToken)).resolves.toEqual({
      status: 'confirmed',
      maskedEmail: 'j***@example.pt',
    });
    await expect(unsubscribeNewsletterAction({ token: unsubscribeToken })).resolves.toEqual({
      ok: true,
      data: { outcome: 'unsubscribed' },
    });
    expect(await row('joao@example.pt')).toMatchObject({
      status: 'unsubscribed',
      confirmTokenHash: null,
    });
    await expect(unsubscribeNewsletterAction({ token: unsubscribeToken })).resolves.toEqual({
      ok: true,
      data: { outcome: 'already_unsubscribed' },
    });
    await expect(unsubscribeNewsletterAction({ token: 'y'.repeat(43) })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Newsletter.unsubscribe.invalidText' },
    });

    await expect(
      subscribeToNewsletter({ email: 'joao@example.pt', source: 'banner' }),
    ).resolves.toEqual({ outcome: 'pending' });
    const [, again] = await smtp.waitFor(2);
    expect(await row('joao@example.pt')).toMatchObject({
      status: 'pending',
      source: 'banner',
      unsubscribedAt: null,
    });
    await expect(
      confirmNewsletterSubscription(tokenOf(again, '/newsletter/confirmar')),
    ).resolves.toMatchObject({ status: 'confirmed' });
  });

  it('the one-click unsubscribe of the List-Unsubscribe header works', async () => {
    await subscribeToNewsletter({ email: 'clique@example.pt' });
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail, '/newsletter/cancelar');
    const response = await oneClickUnsubscribe(
      new NextRequest(`http://localhost/api/newsletter/cancelar?token=${token}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(response.status).toBe(200);
    expect((await row('clique@example.pt'))?.status).toBe('unsubscribed');
    const unknown = await oneClickUnsubscribe(
      new NextRequest('http://localhost/api/newsletter/cancelar?token=zzz', { method: 'POST' }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('subscribeNewsletterAction (the forms)', () => {
  it('subscribes through the same path and reports field errors as message keys', async () => {
    await expect(
      subscribeNewsletterAction({
        email: 'forms@example.pt',
        mmerge4: '',
        honeypot: '',
        source: 'footer',
      }),
    ).resolves.toEqual({ ok: true, data: { message: 'Newsletter.api.success' } });
    expect(await row('forms@example.pt')).toMatchObject({
      status: 'pending',
      source: 'footer',
      customerType: null,
    });
    await smtp.waitFor(1);

    await expect(subscribeNewsletterAction({ email: 'sem-arroba' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { email: ['Newsletter.validation.emailInvalid'] },
      },
    });
  });

  it('ignores a filled honeypot', async () => {
    const before = await outboxCount();
    await expect(
      subscribeNewsletterAction({ email: 'bot2@example.pt', honeypot: 'x' }),
    ).resolves.toMatchObject({ ok: true });
    expect(await row('bot2@example.pt')).toBeUndefined();
    expect(await outboxCount()).toBe(before);
  });
});
