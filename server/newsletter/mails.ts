import 'server-only';
import { siteUrl } from '@/lib/env';
import { renderMail } from '@/server/mail/html';
import { serverTranslator } from '@/server/i18n';
import type { OutgoingMail } from '@/server/mail/send';

export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirmar';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/cancelar';
/** One-click unsubscribe (RFC 8058), named by the List-Unsubscribe header. */
export const NEWSLETTER_ONE_CLICK_PATH = '/api/newsletter/cancelar';

export function confirmUrl(token: string): string {
  return `${siteUrl()}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(token: string): string {
  return `${siteUrl()}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Headers of every newsletter mail: mail clients show their own "unsubscribe" button. */
export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${siteUrl()}${NEWSLETTER_ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The double opt-in mail: a confirmation link, and (like every newsletter mail) an unsubscribe link. */
export function newsletterConfirmationMail(params: {
  email: string;
  confirmToken: string;
  unsubscribeToken: string;
  shopName: string;
}): OutgoingMail {
  const t = serverTranslator('Newsletter.mail');
  const { html, text } = renderMail({
    title: t('confirmTitle'),
    blocks: [
      { kind: 'p', text: t('greeting') },
      { kind: 'p', text: t('confirmIntro', { shop: params.shopName, email: params.email }) },
      { kind: 'button', label: t('confirmAction'), url: confirmUrl(params.confirmToken) },
      { kind: 'p', text: t('confirmIgnore') },
    ],
    footer: [
      { text: t('footerShop', { shop: params.shopName }) },
      {
        text: t('unsubscribeText'),
        link: { label: t('unsubscribeLink'), url: unsubscribeUrl(params.unsubscribeToken) },
      },
    ],
  });
  return {
    to: params.email,
    subject: t('confirmSubject'),
    text,
    html,
    headers: unsubscribeHeaders(params.unsubscribeToken),
  };
}
