#!/usr/bin/env node
/** Starts the app for the end-to-end tests on a fresh data folder (the demo catalogue is seeded). */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR || '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL; // the browser tests always run on the embedded database
// The tests play a production host (PRODUCTION_HOSTS=127.0.0.1) on an http SITE_URL, i.e. a
// production deployment: it needs its secrets, and opts in to the demo accounts the tests log in
// with (DEMO_ACCOUNTS=1 is refused with an https SITE_URL). docs/operations.md, "Configuration".
env.DEMO_ACCOUNTS ??= '1';
env.BETTER_AUTH_SECRET ??= 'e2e-only-secret-0123456789-abcdefghijklmnop';
env.IP_HASH_SALT ??= 'e2e-only-ip-salt';
// /metrics is off without a token (tests/e2e/observability.spec.ts scrapes it with this one).
env.METRICS_TOKEN ??= 'e2e-only-metrics-token-0123456789';

// A real SMTP server captures every mail the app sends: each message is written to
// .mail-e2e/<time>-<n>.eml with its envelope in a .json beside it (tests/e2e/support/mail.ts).
const mailDir = path.resolve(root, process.env.E2E_MAIL_DIR || '.mail-e2e');
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });
const { SMTPServer } = await import('smtp-server');
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const name = `${Date.now()}-${String(++received).padStart(4, '0')}`;
      fs.writeFileSync(path.join(mailDir, `${name}.json`), JSON.stringify({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) }));
      fs.writeFileSync(path.join(mailDir, `${name}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
const smtpPort = Number(process.env.E2E_SMTP_PORT || 3125);
await new Promise((resolve, reject) => smtp.listen(smtpPort, '127.0.0.1', resolve).once('error', reject));
env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { child.kill(signal); smtp.close(); });
child.on('exit', (code) => smtp.close(() => process.exit(code ?? 0)));
