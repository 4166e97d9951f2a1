/**
 * Runs once when the Next server starts (before it answers requests). Registers on globalThis what
 * the shop's HTTP server (scripts/serve.mjs) asks the app before Next sees a request:
 * `cag.front.isStaffSession(cookieHeader)`, whether a request comes from a signed-in staff session
 * (server/front/staff-session.ts), which lets an admin-area server action send up to 52 MB instead
 * of 3 MB. The session code loads on the first call, not at start: a spare worker that waits to
 * serve (scripts/primary.mjs) must not open the database, and starts faster without it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  let loaded: Promise<typeof import('./server/front/staff-session')> | undefined;
  const isStaffSession = async (cookieHeader: string | null | undefined): Promise<boolean> => {
    loaded ??= import('./server/front/staff-session').catch((err: unknown) => {
      loaded = undefined; // tried again on the next call
      throw err;
    });
    return (await loaded).isStaffCookie(cookieHeader);
  };
  (globalThis as { [key: symbol]: unknown })[Symbol.for('cag.front.isStaffSession')] = isStaffSession;
}
