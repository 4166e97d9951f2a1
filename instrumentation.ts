/**
 * Runs once when the Next server starts (before it answers requests). Registers on globalThis what
 * the shop's HTTP server (scripts/serve.mjs) asks the app:
 * - `cag.front.isStaffSession(cookieHeader, authorizationHeader?)`: whether a request comes from a
 *   signed-in staff session (server/front/staff-session.ts), which lets an admin-area server action
 *   send up to 52 MB, an /api/admin route 66 MB, instead of 3 MB. The session code loads on the
 *   first call, not at start.
 * - `cag.background.start()`: starts the instance's background work (server/background.ts: the
 *   cache poller, the job worker, the scheduled jobs, the cache sampler). scripts/serve.mjs calls it
 *   once, when a worker begins to serve; a spare that waits does not.
 * - `cag.front.warm()`: loads the modules that the database and the background work load, without
 *   opening the database. A spare worker (scripts/primary.mjs) calls it while it waits: it must not
 *   open the database (PGlite: one process per folder) before the worker it replaces is dead, and
 *   once called in it then has little left to do but open it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  let loaded: Promise<typeof import('./server/front/staff-session')> | undefined;
  const isStaffSession = async (cookieHeader: string | null | undefined, authorizationHeader?: string | null): Promise<boolean> => {
    loaded ??= import('./server/front/staff-session').catch((err: unknown) => {
      loaded = undefined; // tried again on the next call
      throw err;
    });
    return (await loaded).isStaffSession(cookieHeader, authorizationHeader);
  };
  const warm = async (): Promise<void> => {
    await Promise.all([
      import('./server/db/client'),
      import('./server/health'),
      import('./server/background'),
      import('./server/front/staff-session'),
    ]);
  };
  const startBackground = (): void => {
    void import('./server/background')
      .then((m) => m.startBackgroundWhenReady())
      .catch((err: unknown) => console.error('[background]', err instanceof Error ? err.message : err));
  };
  const hooks = globalThis as { [key: symbol]: unknown };
  hooks[Symbol.for('cag.background.start')] = startBackground;
  hooks[Symbol.for('cag.front.isStaffSession')] = isStaffSession;
  hooks[Symbol.for('cag.front.warm')] = warm;
}
