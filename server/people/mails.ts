import 'server-only';
import { randomBytes } from 'node:crypto';
import { siteUrl } from '@/lib/env';
import { RESET_PATH } from '@/server/auth/emails';
import type { DbOrTx } from '@/server/db/client';
import { verifications } from '@/server/db/schema';
import { renderMail, type MailBlock } from '@/server/mail/html';
import type { OutgoingMail } from '@/server/mail/send';
import { shortName } from '@/server/mail/short-name';

/**
 * Mails of the admin's people screens: the answer to an access request (approved,
 * with the link to set a password when the requester had no account; or rejected, politely, with
 * the reason), and the invitation of a user created by staff.
 *
 * The link to set a password is better-auth's password-reset token (`reset-password:<token>` in
 * `verifications`, consumed by POST /api/auth/reset-password through /reset-password): written in
 * the approval's transaction, valid for INVITATION_TTL_DAYS, used once. Setting the password from
 * it confirms the address (onPasswordReset in server/auth/auth.ts).
 */

const SHOP = 'Casa das Águas de Gaia';
export const INVITATION_TTL_DAYS = 7;

function greeting(name: string | null | undefined): string {
  const short = shortName(name ?? '');
  return short ? `Olá ${short},` : 'Olá,';
}

function mail(to: string, subject: string, title: string, blocks: MailBlock[]): OutgoingMail {
  const { html, text } = renderMail({ title, blocks, footer: [{ text: `${SHOP} · Vila Nova de Gaia` }] });
  return { to, subject, html, text };
}

/** A one-time link to set a password, stored as better-auth stores its reset tokens. */
export async function createPasswordToken(db: DbOrTx, userId: string, ttlSeconds = INVITATION_TTL_DAYS * 86_400): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    id: randomBytes(16).toString('base64url'),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

export function setPasswordUrl(token: string): string {
  return `${siteUrl()}${RESET_PATH}?token=${encodeURIComponent(token)}`;
}

const loginUrl = () => `${siteUrl()}/login`;

/**
 * The approval of an access request. `attached: false` (staff approved the account without giving
 * anyone its access yet): the address is told no more than that, and that the shop will be in touch.
 */
export function accessApprovedMail(p: { to: string; name: string; accountName: string; token: string | null; attached?: boolean }): OutgoingMail {
  if (p.attached === false) {
    return mail(p.to, `Acesso profissional aprovado — ${SHOP}`, 'Acesso profissional aprovado', [
      { kind: 'p', text: greeting(p.name) },
      { kind: 'p', text: `O seu pedido de acesso profissional foi aprovado. Vamos contactá-lo para concluir o acesso à conta ${p.accountName} na loja online.` },
      { kind: 'p', text: 'Obrigado pela confiança.' },
    ]);
  }
  const blocks: MailBlock[] = [
    { kind: 'p', text: greeting(p.name) },
    { kind: 'p', text: `O seu pedido de acesso profissional foi aprovado. A sua conta está associada a ${p.accountName} e passa a ver os preços profissionais na loja online.` },
  ];
  if (p.token) {
    blocks.push(
      { kind: 'p', text: 'Para entrar, defina primeiro a sua password:' },
      { kind: 'button', label: 'Definir password', url: setPasswordUrl(p.token) },
      { kind: 'p', text: `O link é válido durante ${INVITATION_TTL_DAYS} dias e só pode ser usado uma vez.` },
    );
  } else {
    blocks.push({ kind: 'p', text: 'Entre com o seu email e a password de sempre:' }, { kind: 'button', label: 'Entrar', url: loginUrl() });
  }
  blocks.push({ kind: 'p', text: 'Obrigado pela confiança.' });
  return mail(p.to, `Acesso profissional aprovado — ${SHOP}`, 'Acesso profissional aprovado', blocks);
}

export function accessRejectedMail(p: { to: string; name: string; reason: string }): OutgoingMail {
  return mail(p.to, `O seu pedido de acesso profissional — ${SHOP}`, 'O seu pedido de acesso profissional', [
    { kind: 'p', text: greeting(p.name) },
    { kind: 'p', text: `Obrigado pelo interesse na ${SHOP}. Analisámos o seu pedido de acesso profissional e, de momento, não nos é possível aprová-lo.` },
    { kind: 'p', text: 'Motivo:' },
    { kind: 'quote', text: p.reason },
    { kind: 'p', text: 'Se tiver mais informação que nos ajude a rever o pedido, responda a este email ou contacte-nos. Continua a poder consultar o catálogo e fazer pedidos de orçamento na loja online.' },
  ]);
}

export function invitationMail(p: { to: string; name: string; token: string; staff: boolean }): OutgoingMail {
  return mail(p.to, `Convite para a sua conta — ${SHOP}`, 'Foi criada uma conta para si', [
    { kind: 'p', text: greeting(p.name) },
    { kind: 'p', text: p.staff ? `Foi criada uma conta para si na área de gestão da ${SHOP}.` : `Foi criada uma conta para si na loja online da ${SHOP}.` },
    { kind: 'p', text: 'Para entrar, defina a sua password:' },
    { kind: 'button', label: 'Definir password', url: setPasswordUrl(p.token) },
    { kind: 'p', text: `O link é válido durante ${INVITATION_TTL_DAYS} dias e só pode ser usado uma vez. Se não esperava este email, ignore-o.` },
  ]);
}
