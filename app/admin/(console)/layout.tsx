import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { AdminShell } from '@/components/admin/admin-shell';
import { CustomerFrame } from '@/components/admin/customer-area';
import { isStaff } from '@/lib/auth/permissions';
import { PATH_HEADER } from '@/lib/flags';
import { clientMessages } from '@/lib/i18n/client-messages';
import { getViewer, loginPathFor } from '@/server/auth/session';

/**
 * The frame of the admin screens. Signed out → the admin login keeping the path; a customer → a
 * plain frame (no console: the dashboard is the customers' page); staff → the sidebar of
 * the sections the user may open. Each page still checks its own permission
 * (`requirePageAccess`): a missing one renders the 'Access Denied' screen (forbidden.tsx) inside
 * this frame.
 */
export default async function AdminConsoleLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) redirect(loginPathFor((await headers()).get(PATH_HEADER) ?? '/admin/dashboard'));
  if (!isStaff(viewer)) return <CustomerFrame viewer={viewer}>{children}</CustomerFrame>;
  return (
    <NextIntlClientProvider messages={clientMessages(['Admin'])}>
      <AdminShell viewer={viewer}>{children}</AdminShell>
    </NextIntlClientProvider>
  );
}
