import 'server-only';
import { revalidatePath } from 'next/cache';

/**
 * Drops the browser's and the server's copies of an admin page after a write made by a server
 * action, so the page the form goes back to shows the change. Outside a request (a script, a
 * test calling the action directly) there is no page to drop: nothing to do.
 */
export function revalidateAdminPage(path: string): void {
  try {
    revalidatePath(path);
  } catch {
    // No request store: not called from a request.
  }
}
