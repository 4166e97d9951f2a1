import 'server-only';
import type { AccessRequestData } from '@/lib/validation/access-request';
import { shopNotifyAddress } from '@/server/contact/messages';
import { getDb } from '@/server/db/client';
import { accessRequests } from '@/server/db/schema';
import { formatMailDateTime, renderMail } from '@/server/mail/html';
import { headerText, noticeToShop, sendMail, type OutgoingMail } from '@/server/mail/send';
import { shortName } from '@/server/mail/short-name';
import { getShopInfo, type ShopInfo } from '@/server/shop/settings';
import { isHoneypotFilled } from '@/server/security/honeypot';

export type AccessRequestOutcome =
  /** Honeypot filled: answered as success, nothing stored or sent. */
  | { outcome: 'ignored' }
  | { outcome: 'received'; id: number; notified: boolean; acknowledged: boolean };

export interface AccessRequestMeta {
  /** The signed-in user who sent the request, if any (linked as user_id). */
  userId?: string | null;
}

interface AccessRequestMailParams {
  id: number;
  request: AccessRequestData;
  receivedAt: Date;
  shop: Pick<ShopInfo, 'name' | 'phone' | 'email'>;
  userId: string | null;
}

/** A single line for a mail header (names may not break the subject). */
const oneLine = (value: string) => headerText(value).trim();

/** To the shop: every field of the request, answerable with "Reply" (reply-to is the requester). */
export function accessRequestNotificationMail(
  to: string,
  p: AccessRequestMailParams,
): OutgoingMail {
  const r = p.request;
  const { html, text } = renderMail({
    title: 'Novo pedido de acesso profissional',
    blocks: [
      {
        kind: 'p',
        text: `Recebido a ${formatMailDateTime(p.receivedAt)} através do site. O pedido fica pendente até ser aprovado ou recusado na área de administração.`,
      },
      {
        kind: 'fields',
        rows: [
          { label: 'Empresa', value: r.companyName },
          { label: 'NIF', value: r.fiscalNumber },
          { label: 'Contacto', value: r.contactName },
          { label: 'Email', value: r.email },
          { label: 'Telemóvel', value: r.phone ?? '—' },
          { label: 'Tipologia', value: r.typology },
          {
            label: 'Conta no site',
            value: p.userId ? `Sessão iniciada (utilizador ${p.userId})` : 'Sem sessão iniciada',
          },
        ],
      },
      { kind: 'p', text: 'Mensagem:' },
      { kind: 'quote', text: r.message ?? '—' },
      { kind: 'p', text: 'Responda a este email para responder diretamente ao requerente.' },
    ],
    footer: [{ text: `Pedido de acesso n.º ${p.id}` }],
  });
  return noticeToShop(to, `[Pedido de acesso] ${oneLine(r.companyName)} — ${oneLine(r.contactName)}`, { html, text }, { name: oneLine(r.contactName), email: r.email });
}

/** 'Olá {name},' with at most shortName's part of the name. */
function greeting(name: string): string {
  const short = shortName(name);
  return short ? `Olá ${short},` : 'Olá,';
}

/**
 * To the requester: we received it and answer within 2 working days. Anyone may type anyone's
 * address, so no text the requester wrote beyond a short name (the NIF and typology are checked
 * formats, the company name is left out).
 */
export function accessRequestAcknowledgementMail(p: AccessRequestMailParams): OutgoingMail {
  const r = p.request;
  const { html, text } = renderMail({
    title: 'Recebemos o seu pedido de acesso profissional',
    blocks: [
      { kind: 'p', text: greeting(r.contactName) },
      {
        kind: 'p',
        text: `Obrigado pelo interesse na ${p.shop.name}. Recebemos o seu pedido de acesso profissional e vamos analisá-lo. Respondemos por email no prazo de 2 dias úteis.`,
      },
      {
        kind: 'fields',
        rows: [
          { label: 'NIF', value: r.fiscalNumber },
          { label: 'Tipologia', value: r.typology },
        ],
      },
      {
        kind: 'p',
        text: `Se precisar de falar connosco entretanto, ligue ${p.shop.phone} ou escreva para ${p.shop.email}.`,
      },
    ],
    footer: [
      {
        text: `${p.shop.name} · Recebeu este email porque foi feito um pedido de acesso profissional com este endereço no nosso site.`,
      },
    ],
  });
  return {
    to: r.email,
    subject: `Recebemos o seu pedido de acesso profissional — ${p.shop.name}`,
    text,
    html,
  };
}

/**
 * Stores a professional access request (status pending, for the admin area to approve) and
 * e-mails it to the shop (reply-to the requester), with an acknowledgement to the requester.
 * The request is kept even when a mail fails: the failed mail stays in mail_outbox with its error.
 */
export async function submitAccessRequest(
  input: AccessRequestData,
  meta: AccessRequestMeta = {},
): Promise<AccessRequestOutcome> {
  if (isHoneypotFilled(input.honeypot)) return { outcome: 'ignored' };

  const userId = meta.userId ?? null;
  const db = await getDb();
  const [row] = await db
    .insert(accessRequests)
    .values({
      companyName: input.companyName,
      fiscalNumber: input.fiscalNumber,
      contactName: input.contactName,
      email: input.email,
      phone: input.phone ?? null,
      typology: input.typology,
      message: input.message ?? null,
      status: 'pending',
      userId,
    })
    .returning({ id: accessRequests.id, createdAt: accessRequests.createdAt });
  if (!row) throw new Error('O pedido de acesso não foi guardado.');

  const shop = await getShopInfo();
  const params: AccessRequestMailParams = {
    id: row.id,
    request: input,
    receivedAt: row.createdAt,
    shop,
    userId,
  };
  const notification = await sendMail(
    accessRequestNotificationMail(await shopNotifyAddress(), params),
  );
  const acknowledgement = await sendMail(accessRequestAcknowledgementMail(params));
  return {
    outcome: 'received',
    id: row.id,
    notified: notification.status !== 'failed',
    acknowledged: acknowledgement.status !== 'failed',
  };
}
