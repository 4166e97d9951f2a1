import 'server-only';
import { eq } from 'drizzle-orm';
import { isStaff } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** What /dashboard/settings shows about the signed-in account. */
export interface AccountSettings {
  email: string;
  /** Staff accounts are offered the optional second factor (TOTP). */
  twoFactorOffered: boolean;
  twoFactorEnabled: boolean;
}

/** The settings of the viewer's own account (its id comes from the session, never from the client). */
export async function getAccountSettings(viewer: Viewer): Promise<AccountSettings> {
  const twoFactorOffered = isStaff(viewer);
  let twoFactorEnabled = false;
  if (twoFactorOffered) {
    const db = await getDb();
    const [row] = await db
      .select({ enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, viewer.id));
    twoFactorEnabled = Boolean(row?.enabled);
  }
  return { email: viewer.email, twoFactorOffered, twoFactorEnabled };
}
