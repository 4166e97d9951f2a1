import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { formatInteger, formatPrice } from '@/lib/format';
import { lineTitle } from '@/lib/orders/line-label';
import { env, siteUrl } from '@/lib/env';
import { getDb, type Tx } from '@/server/db/client';
import { quoteMails, shopSettings } from '@/server/db/schema';
import { registerJobHandler, JOB_QUEUES } from '@/server/jobs';
import { renderMail, type MailBlock } from '@/server/mail/html';
import { serverTranslator } from '@/server/i18n';
import { headerText, noticeToShop, type OutgoingMail } from '@/server/mail/send';
import { sendOnce, type SendOnceResult } from '@/server/mail/send-once';
import { pricedLineFigures } from '@/server/orders/line-view';
import { expireDueQuotes, getQuote } from './read';
import type { QuoteDetail, QuoteLineView } from '@/lib/quotes/types';

/**
 * The mails of a quote, each a row of `quote_mails` sent once by its job, like an
 * order's: the acknowledgement to the requester (the number, the lines and the way to follow the
 * quote — never text the requester wrote, so the shop's mail cannot carry someone else's words to
 * an address typed into the form), the notice to the shop, and the answer to the customer.
 */

const t = serverTranslator('Quotes');

/** Where a quote is followed: the account page, or a guest's private link (`token=` is redacted in the outbox copy). */
export function quoteLink(quote: Pick<QuoteDetail, 'id'>, token: string | undefined): string {
  const base = siteUrl();
  return token ? `${base}/orcamento?token=${encodeURIComponent(token)}` : `${base}/dashboard/quotes/${quote.id}`;
}

/** A line staff have priced. */
const answered = (l: QuoteLineView): l is QuoteLineView & { unit_price: number; total_price: number; total_price_with_tax: number } =>
  l.unit_price !== null && l.total_price !== null && l.total_price_with_tax !== null;

function lineRows(quote: QuoteDetail, priced: boolean): MailBlock {
  return {
    kind: 'fields',
    rows: quote.lines.map((l) => ({
      label: `${l.model_code} — ${lineTitle(l)}`,
      value:
        priced && answered(l)
          ? t('mail.linePriced', pricedLineFigures(l))
          : t('mail.lineValue', { packages: formatInteger(l.packages), package: l.package_type, units: formatInteger(l.units) }),
    })),
  };
}

export function quoteAcknowledgementMail(quote: QuoteDetail, token: string | undefined): OutgoingMail {
  const link = quoteLink(quote, token);
  const { html, text } = renderMail({
    title: t('mail.ackTitle', { number: quote.number }),
    blocks: [
      { kind: 'p', text: t('mail.ackIntro', { number: quote.number }) },
      { kind: 'p', text: t('mail.lines') },
      lineRows(quote, false),
      { kind: 'p', text: token ? t('mail.ackFollowGuest') : t('mail.ackFollow') },
      { kind: 'button', label: t('mail.follow'), url: link },
    ],
    footer: [{ text: t('mail.footer', { number: quote.number }) }],
  });
  return { to: quote.contact.email, subject: t('mail.ackSubject', { number: quote.number }), text, html };
}

export function quoteShopNoticeMail(quote: QuoteDetail, to: string): OutgoingMail {
  const c = quote.contact;
  const { html, text } = renderMail({
    title: t('mail.shopTitle', { number: quote.number }),
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: t('mail.contactName'), value: c.name },
          { label: t('mail.contactEmail'), value: c.email },
          ...(c.phone ? [{ label: t('mail.contactPhone'), value: c.phone }] : []),
          ...(c.company ? [{ label: t('mail.company'), value: c.company }] : []),
          ...(c.nif ? [{ label: 'NIF', value: c.nif }] : []),
          { label: t('mail.account'), value: quote.has_account ? t('mail.customer') : t('mail.guest') },
        ],
      },
      { kind: 'p', text: t('mail.lines') },
      lineRows(quote, false),
      ...(quote.message ? [{ kind: 'p', text: t('mail.message') } as MailBlock, { kind: 'quote', text: quote.message } as MailBlock] : []),
      { kind: 'button', label: t('mail.answer'), url: `${siteUrl()}/admin/quotes/${quote.id}` },
    ],
    footer: [{ text: t('mail.footer', { number: quote.number }) }],
  });
  return noticeToShop(to, t('mail.shopSubject', { number: quote.number, name: headerText(c.name) }), { html, text }, c);
}

export function quoteAnsweredMail(quote: QuoteDetail): OutgoingMail {
  const totals = quote.totals!;
  const { html, text } = renderMail({
    title: t('mail.answeredTitle', { number: quote.number }),
    blocks: [
      { kind: 'p', text: t('mail.answeredIntro', { number: quote.number, date: formatDay(quote.valid_until!) }) },
      lineRows(quote, true),
      {
        kind: 'fields',
        rows: [
          { label: t('mail.goods'), value: formatPrice(totals.subtotal) },
          { label: t('mail.tax'), value: formatPrice(totals.tax) },
          { label: t('mail.shipping'), value: totals.shipping === 0 ? t('mail.noShipping') : formatPrice(totals.shipping) },
          { label: t('mail.total'), value: formatPrice(totals.total) },
          { label: t('mail.validUntil'), value: formatDay(quote.valid_until!) },
        ],
      },
      { kind: 'p', text: quote.has_account ? t('mail.answeredFollow') : t('mail.answeredFollowGuest') },
      { kind: 'button', label: t('mail.follow'), url: quote.has_account ? quoteLink(quote, undefined) : `${siteUrl()}/login?next=${encodeURIComponent(`/dashboard/quotes/${quote.id}`)}` },
    ],
    footer: [{ text: t('mail.footer', { number: quote.number }) }],
  });
  return { to: quote.contact.email, subject: t('mail.answeredSubject', { number: quote.number }), text, html };
}

function formatDay(day: string): string {
  return new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

async function buildMail(mailId: number, token: string | undefined): Promise<{ quoteId: number; mail: OutgoingMail | null } | null> {
  const db = await getDb();
  const [row] = await db.select({ quoteId: quoteMails.quoteId, kind: quoteMails.kind }).from(quoteMails).where(eq(quoteMails.id, mailId));
  if (!row) return null;
  const quote = await getQuote({ kind: 'staff', userId: 'system' }, row.quoteId).catch(() => null);
  if (!quote) return { quoteId: row.quoteId, mail: null };
  if (row.kind === 'acknowledgement') return { quoteId: row.quoteId, mail: quoteAcknowledgementMail(quote, token) };
  if (row.kind === 'answered') return { quoteId: row.quoteId, mail: quote.totals && quote.valid_until ? quoteAnsweredMail(quote) : null };
  const [shop] = await db.select({ email: shopSettings.email }).from(shopSettings).where(eq(shopSettings.id, 1));
  const to = env().SHOP_NOTIFY_EMAIL ?? shop?.email;
  return { quoteId: row.quoteId, mail: to ? quoteShopNoticeMail(quote, to) : null };
}

/** Sends one quote mail unless it was sent (server/mail/send-once.ts). */
export async function sendQuoteMail(mailId: number, token: string | undefined, complete?: (tx: Tx) => Promise<void>): Promise<SendOnceResult> {
  const built = await buildMail(mailId, token);
  return sendOnce(
    {
      label: `orçamento, email ${mailId}`,
      async lock(tx) {
        const locked = (await tx.execute(sql`select sent_at from quote_mails where id = ${mailId} for update`)) as unknown as { rows: { sent_at: unknown }[] };
        return locked.rows[0] ? { sent: locked.rows[0].sent_at !== null } : null;
      },
      async markSent(tx) {
        await tx.update(quoteMails).set({ sentAt: new Date(), attempts: sql`${quoteMails.attempts} + 1`, lastError: null }).where(eq(quoteMails.id, mailId));
      },
      async markFailed(db, error) {
        await db.update(quoteMails).set({ attempts: sql`${quoteMails.attempts} + 1`, lastError: error }).where(eq(quoteMails.id, mailId));
      },
    },
    built?.mail ?? null,
    complete,
  );
}

registerJobHandler(JOB_QUEUES.quoteMail, async (data, job) => {
  await sendQuoteMail(data.mailId, data.token, job.complete);
});

registerJobHandler(JOB_QUEUES.quoteExpire, async (data) => {
  // The job runs at the start of the day after the validity date; a revised answer moved the
  // date on, and expireDueQuotes only expires what is really past.
  await expireDueQuotes(new Date(), data.quoteId);
});

