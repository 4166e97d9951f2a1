import 'server-only';
import type { Logger } from 'pino';
import { captureLogs as capture, sharedLogger } from '@/scripts/observability.mjs';

/**
 * The shop's logger: pino, JSON lines on standard output (one process-wide logger, shared with
 * scripts/serve.mjs's request lines). Every line has `level`, `time`, `instance` (INSTANCE_ID, else
 * hostname:pid) and `msg`; LOG_LEVEL sets the lowest level written (default `info`).
 *
 *   const log = logger('jobs');
 *   log.error({ err, queue }, 'job failed');
 *
 * Errors go in `err` (logged with type, message and stack). Personal data, secrets and prices are
 * kept out (scripts/observability.mjs: keys such as email, name, address, token, price… are
 * "[redacted]" at any depth, and e-mail addresses, tokens and euro amounts are masked in texts);
 * still, log ids (order id, job id), not people.
 */
export function logger(scope?: string): Logger {
  const root = sharedLogger();
  return scope ? root.child({ scope }) : root;
}

/** Tests: the log lines written until `restore()`, parsed. */
export function captureLogs(): { lines: Record<string, unknown>[]; restore(): void } {
  return capture();
}
