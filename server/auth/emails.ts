import 'server-only';
import { env, siteUrl } from '@/lib/env';
import { renderMail } from '@/server/mail/html';
import type { OutgoingMail } from '@/server/mail/send';
import { shortName } from '@/server/mail/short-name';

/** Account e-mails (pt-PT, plain text and HTML). Links lead to the shop's own pages. */

export const CONFIRM_PATH = '/auth/confirm';
export const RESET_PATH = '/reset-password';

const SHOP = 'Casa das Águas de Gaia';

/** 'Olá {name},' with at most shortName's part of the name (a sign-up may name anyone anything). */
function greeting(name: string): string {
  const short = shortName(name);
  return short ? `Olá ${short},` : 'Olá,';
}

function mail(to: string, subject: string, title: string, blocks: Parameters<typeof renderMail>[0]['blocks']): OutgoingMail {
  const { html, text } = renderMail({ title, blocks, footer: [{ text: `${SHOP} · Vila Nova de Gaia` }] });
  return { to, subject, html, text };
}

export function confirmationMail(to: string, name: string, token: string): OutgoingMail {
  const url = `${siteUrl()}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  return mail(to, `Confirme o seu email — ${SHOP}`, 'Confirme o seu email', [
    { kind: 'p', text: greeting(name) },
    { kind: 'p', text: `Obrigado por criar conta na loja online da ${SHOP}. Para ativar a conta, confirme o seu endereço de email:` },
    { kind: 'button', label: 'Confirmar email', url },
    { kind: 'p', text: 'O link é válido durante 24 horas. Se não criou esta conta, ignore esta mensagem.' },
  ]);
}

export function changeEmailMail(to: string, name: string, token: string): OutgoingMail {
  const url = `${siteUrl()}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  return mail(to, `Confirme o novo email — ${SHOP}`, 'Confirme o novo email', [
    { kind: 'p', text: greeting(name) },
    { kind: 'p', text: 'Pediu para alterar o email da sua conta para este endereço. Confirme a alteração:' },
    { kind: 'button', label: 'Confirmar novo email', url },
    { kind: 'p', text: 'Se não pediu esta alteração, ignore esta mensagem: o email da conta não muda.' },
  ]);
}

/**
 * The first step of a change of e-mail, to the CURRENT address: its owner is told which address
 * was asked for and must agree (the link) before the new address gets its own confirmation.
 */
export function changeEmailRequestMail(to: string, name: string, newEmail: string, token: string): OutgoingMail {
  const url = `${siteUrl()}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  return mail(to, `Pedido de alteração do email da conta — ${SHOP}`, 'Pedido de alteração do email', [
    { kind: 'p', text: `Olá ${name},` },
    { kind: 'p', text: `Foi pedido na sua conta que o email passe a ser ${newEmail}. Para autorizar a alteração, use o botão abaixo; depois enviamos um link de confirmação para o novo endereço.` },
    { kind: 'button', label: 'Autorizar a alteração', url },
    { kind: 'p', text: 'Se não fez este pedido, ignore esta mensagem (o email da conta não muda) e altere a sua password.' },
  ]);
}

/**
 * The kind of an e-mail token of better-auth (a signed JWT): 'change-email-confirmation' (the
 * current address agrees), 'change-email-verification' (the new address confirms), or undefined
 * (sign-up confirmation). Read without checking the signature: only to choose a text; the token
 * itself is verified by better-auth.
 */
export function emailTokenRequestType(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { requestType?: unknown };
    return typeof parsed.requestType === 'string' ? parsed.requestType : undefined;
  } catch {
    return undefined;
  }
}

/** `3600` → '1 hora', `1800` → '30 minutos', `20` → '20 segundos'. */
export function durationPt(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hora', 'horas');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minuto', 'minutos');
  return plural(seconds, 'segundo', 'segundos');
}

export function resetPasswordMail(to: string, name: string, token: string): OutgoingMail {
  const url = `${siteUrl()}${RESET_PATH}?token=${encodeURIComponent(token)}`;
  return mail(to, `Recuperar password — ${SHOP}`, 'Recuperar password', [
    { kind: 'p', text: greeting(name) },
    { kind: 'p', text: 'Recebemos um pedido para definir uma nova password para a sua conta. Use o botão abaixo:' },
    { kind: 'button', label: 'Definir nova password', url },
    { kind: 'p', text: `O link é válido durante ${durationPt(env().AUTH_RESET_LINK_TTL_SECONDS)} e só pode ser usado uma vez. Se não fez este pedido, ignore esta mensagem.` },
  ]);
}
