import 'server-only';
import type { ContactData } from '@/lib/validation/contact';
import { formatMailDateTime, renderMail } from '@/server/mail/html';
import { serverTranslator } from '@/server/i18n';
import { headerText, noticeToShop, type OutgoingMail } from '@/server/mail/send';
import { shortName } from '@/server/mail/short-name';

interface ContactMailParams {
  id: number;
  message: ContactData;
  receivedAt: Date;
  shop: { name: string; phone: string; email: string };
}

/** To the shop: the whole message, answerable with "Reply" (reply-to is the customer). */
export function contactNotificationMail(to: string, p: ContactMailParams): OutgoingMail {
  const t = serverTranslator('Contact.mail');
  const m = p.message;
  const { html, text } = renderMail({
    title: t('notifyTitle'),
    blocks: [
      { kind: 'p', text: t('notifyIntro', { date: formatMailDateTime(p.receivedAt) }) },
      {
        kind: 'fields',
        rows: [
          { label: t('fieldName'), value: m.name },
          { label: t('fieldEmail'), value: m.email },
          { label: t('fieldPhone'), value: m.phone ?? '—' },
          { label: t('fieldSubject'), value: m.subject },
        ],
      },
      { kind: 'p', text: t('fieldMessage') },
      { kind: 'quote', text: m.message },
      { kind: 'p', text: t('notifyReplyHint') },
    ],
    footer: [{ text: t('notifyFooter', { id: p.id }) }],
  });
  return noticeToShop(to, t('notifySubject', { subject: m.subject, name: headerText(m.name) }), { html, text }, m);
}

/**
 * To the address typed into the form: we received it. No copy of the message and no more of the
 * name than shortName keeps: anyone may type anyone's address, so this mail carries nothing the
 * sender wrote (the subject is one of the form's fixed choices).
 */
export function contactAcknowledgementMail(p: ContactMailParams): OutgoingMail {
  const t = serverTranslator('Contact.mail');
  const m = p.message;
  const name = shortName(m.name);
  const { html, text } = renderMail({
    title: t('ackTitle'),
    blocks: [
      { kind: 'p', text: name ? t('ackGreeting', { name }) : t('ackGreetingNoName') },
      { kind: 'p', text: t('ackIntro', { shop: p.shop.name }) },
      { kind: 'fields', rows: [{ label: t('fieldSubject'), value: m.subject }] },
      { kind: 'p', text: t('ackContacts', { phone: p.shop.phone, email: p.shop.email }) },
    ],
    footer: [{ text: t('ackFooter', { shop: p.shop.name }) }],
  });
  return { to: m.email, subject: t('ackSubject', { shop: p.shop.name }), text, html };
}
