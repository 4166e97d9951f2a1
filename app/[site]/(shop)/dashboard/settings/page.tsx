import type { Metadata } from 'next';
import { SettingsForms } from '@/components/account/settings-forms';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { pageMetadata } from '@/lib/seo';
import { getAccountSettings } from '@/server/account/settings';
import { requirePageAccess } from '@/server/auth/session';

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
  const settings = await getAccountSettings(viewer);
  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: 'Definições', href: PAGE_PATH }]} />
      <SettingsForms email={settings.email} emailChanged={emailChanged} extra={settings.twoFactorOffered ? <TwoFactorSettings enabled={settings.twoFactorEnabled} /> : null} />
    </div>
  );
}
