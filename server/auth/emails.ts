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
