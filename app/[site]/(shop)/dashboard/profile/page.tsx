import type { Metadata } from 'next';
import Link from 'next/link';
import { AvatarUpload } from '@/components/account/avatar-upload';
import { ProfileForm } from '@/components/account/profile-form';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/profile';

export const metadata: Metadata = pageMetadata({
  title: 'Perfil',
  description: 'Os dados do seu perfil: nome, nome fiscal e fotografia.',
  path: PAGE_PATH,
  noindex: true,
});

/** /dashboard/profile — name, fiscal name and picture (spec 3 Profile). */
export default async function ProfilePage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: 'Perfil', href: PAGE_PATH }]} />

      <section aria-labelledby="perfil-fotografia" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="perfil-fotografia" className="text-xl font-semibold text-slate-900">
          Fotografia de perfil
        </h2>
        <div className="mt-4">
          <AvatarUpload avatarUrl={viewer.avatarUrl} displayName={viewer.displayName} />
        </div>
      </section>

      <section aria-labelledby="perfil-dados" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="perfil-dados" className="text-xl font-semibold text-slate-900">
          Dados pessoais
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          O email da conta altera-se nas <Link href="/dashboard/settings" className="font-medium text-sky-800 hover:underline">definições</Link>.
        </p>
        <div className="mt-5 max-w-xl">
          <ProfileForm fullName={viewer.fullName} fiscalName={viewer.fiscalName} />
        </div>
      </section>
    </div>
  );
}
