import type { Metadata } from 'next';
import { eq } from 'drizzle-orm';
import { SettingsForms } from '@/components/account/settings-forms';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/settings';

export const metadata: Metadata = pageMetadata({
  title: 'Definições',
  description: 'Alterar a password ou o email da conta, ou eliminar a conta.',
  path: PAGE_PATH,
  noindex: true,
});

/** /dashboard/settings — password, e-mail, account deletion and, for staff, the optional second factor (TOTP). `?email-changed=1` after the e-mail confirmation link. */
export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const emailChanged = (await searchParams)['email-changed'] === '1';
  // The optional second factor is offered to staff accounts only.
  const isStaff = viewer.isAdmin || viewer.role !== 'viewer';
  let twoFactorEnabled = false;
  if (isStaff) {
    const [row] = await (await getDb()).select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, viewer.id));
    twoFactorEnabled = Boolean(row?.enabled);
  }
  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: 'Definições', href: PAGE_PATH }]} />
      <SettingsForms email={viewer.email} emailChanged={emailChanged} extra={isStaff ? <TwoFactorSettings enabled={twoFactorEnabled} /> : null} />
    </div>
  );
}
