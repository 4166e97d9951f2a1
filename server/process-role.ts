import 'server-only';

const ROLE = Symbol.for('cag.process.background');

/**
 * Whether this process runs the shop's background work (server/background.ts): a serving worker
 * of the HTTP server, not a command-line script or a test. Kept on globalThis: every bundle of the
 * Next server (route handlers, pages, instrumentation) sees the same answer.
 */
export function isBackgroundProcess(): boolean {
  return (globalThis as { [ROLE]?: boolean })[ROLE] === true;
}

/** Said once by server/background.ts, before the server listens. */
export function markBackgroundProcess(): void {
  (globalThis as { [ROLE]?: boolean })[ROLE] = true;
}
