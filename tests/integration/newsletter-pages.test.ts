/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import NewsletterUnsubscribePage from '@/app/[site]/(shop)/newsletter/cancelar/page';
import NewsletterConfirmPage, { generateMetadata } from '@/app/[site]/(shop)/newsletter/confirmar/page';
import { resetEnvCache } from '@/lib/env';
import { listOutboxMails } from '@/server/mail/send';
import {
  getNewsletterSubscriptionByUnsubscribeToken,
  subscribeToNewsletter,
} from '@/server/newsletter/subscriptions';
import { setupTestDatabase } from '../helpers/db';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl/server', () =>
  jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock(),
);
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/server/newsletter/actions', () => ({ unsubscribeNewsletterAction: jest.fn() }));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;

beforeAll(() => {
  delete env.SMTP_URL; // development: the mail goes to the outbox table only
  env.SITE_URL = 'https://loja.example.pt';
  resetEnvCache();
});

afterAll(() => {
  delete env.SITE_URL;
  resetEnvCache();
});

const page = async (Page: typeof NewsletterConfirmPage, token?: string) =>
  renderToStaticMarkup(
    await Page({ searchParams: Promise.resolve(token === undefined ? {} : { token }) }),
  );

async function subscribeAndReadMail(email: string) {
  await subscribeToNewsletter({ email });
  const [mail] = await listOutboxMails({ limit: 1 });
  expect(mail).toMatchObject({ to: email, status: 'outbox' });
  const token = (path: string) =>
    mail?.text.match(new RegExp(`${path}\\?token=([\\w-]+)`))?.[1] ?? '';
  return { confirm: token('/newsletter/confirmar'), cancel: token('/newsletter/cancelar') };
}

describe('/newsletter/confirmar', () => {
  it('confirms with the token of the mail kept in the outbox, and thanks', async () => {
    const { confirm } = await subscribeAndReadMail('pagina@example.pt');
    const html = await page(NewsletterConfirmPage, confirm);
    expect(html).toContain('data-status="confirmed"');
    expect(html).toContain('Subscrição confirmada');
    expect(html).toContain('Obrigado! O endereço pagina@example.pt passa a receber a newsletter');
    expect(await page(NewsletterConfirmPage, confirm)).toContain('Subscrição já confirmada');
    expect((await generateMetadata()).robots).toMatchObject({ index: false });
  });

  it('explains an invalid or missing link', async () => {
    expect(await page(NewsletterConfirmPage, 'z'.repeat(43))).toContain(
      'Ligação inválida ou expirada',
    );
    expect(await page(NewsletterConfirmPage)).toContain('data-status="invalid"');
  });
});

describe('/newsletter/cancelar', () => {
  it('shows the masked address and a button; opening the link alone changes nothing', async () => {
    const { cancel } = await subscribeAndReadMail('cancelar@example.pt');
    const html = await page(NewsletterUnsubscribePage, cancel);
    expect(html).toContain('Deixará de receber a newsletter no endereço c******@example.pt.');
    expect(html).toContain('Cancelar subscrição</button>');
    expect(html).not.toContain('cancelar@example.pt');
    await expect(getNewsletterSubscriptionByUnsubscribeToken(cancel)).resolves.toMatchObject({
      status: 'pending',
    });
    expect(await page(NewsletterUnsubscribePage, 'q'.repeat(43))).toContain('Ligação inválida');
  });
});
