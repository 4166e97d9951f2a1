import fs from 'node:fs';
import path from 'node:path';
import { parseMessage, type CapturedMail } from '../../helpers/smtp';

/** The mails captured by the SMTP server of scripts/e2e-server.mjs. */
const MAIL_DIR = path.resolve(__dirname, '..', '..', '..', process.env.E2E_MAIL_DIR || '.mail-e2e');

export function capturedMails(): CapturedMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const envelope = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f.replace(/\.eml$/, '.json')), 'utf8')) as { from: string; to: string[] };
      return parseMessage(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8'), envelope);
    });
}

/** Waits for the `count`-th mail to `to` whose subject matches (10 s). */
export async function waitForMail(to: string, subject: RegExp, count = 1): Promise<CapturedMail> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = capturedMails().filter((m) => m.envelopeTo.includes(to.toLowerCase()) && subject.test(m.subject));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > until) throw new Error(`Nenhum email «${subject}» para ${to} (${mails.length} de ${count}).`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function mailsTo(to: string): CapturedMail[] {
  return capturedMails().filter((m) => m.envelopeTo.includes(to.toLowerCase()));
}

/** The path and query of the first link of a mail's text that starts with `pathPrefix`. */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`Sem link ${pathPrefix} no email «${mail.subject}».`);
}
