/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, for
 * integration tests of e-mail: the app sends through nodemailer exactly as in production.
 * Includes a small MIME reader (headers, RFC 2047 words, multipart, quoted-printable, base64).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header values by lower-case name (decoded), the last one when repeated. */
  headers: Record<string, string>;
  from: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:PORT — for SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** When set, every message is refused with this SMTP error (550). */
  reject: string | null;
  /** Resolves once at least `count` messages arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  clear(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), adjacent words joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_m, charset: string, enc: string, data: string) => {
        const buf =
          enc.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : decodeQuotedPrintable(data.replace(/_/g, ' '));
        return buf.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
      },
    );
}

function splitHeadersBody(raw: string): { headers: Record<string, string>; body: string } {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep === -1 ? raw : raw.slice(0, sep);
  const body = sep === -1 ? '' : raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = param(headers['content-type'], 'charset') ?? 'utf-8';
  const buf =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return buf.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
}

/** Text and HTML bodies of a message, walking nested multiparts. */
function collectParts(raw: string, out: { text: string; html: string }): void {
  const { headers, body } = splitHeadersBody(raw);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`);
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const content = decodeBody(body, headers);
  if (type.startsWith('text/html') && !out.html) out.html = content;
  else if (type.startsWith('text/plain') && !out.text) out.text = content;
}

export function parseMessage(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers } = splitHeadersBody(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return {
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    replyTo: headers['reply-to'],
    subject: headers.subject ?? '',
    text: parts.text,
    html: parts.html,
    raw,
  };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const capture: SmtpCapture = {
    url: '',
    port: 0,
    messages,
    reject: null,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve([...messages]);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `Esperava ${count} email(s) no servidor SMTP de teste; chegaram ${messages.length}.`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (capture.reject) {
          const err: Error & { responseCode?: number } = new Error(capture.reject);
          err.responseCode = 550;
          callback(err);
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push(parseMessage(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
        for (const waiter of [...waiters]) waiter();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that vanishes mid-conversation (a server killed by npm run chaos:orders) resets its
  // connection: not a reason to crash the process that captures the mail.
  server.on('error', () => undefined);
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  capture.port = address.port;
  capture.url = `smtp://127.0.0.1:${address.port}`;
  return capture;
}
