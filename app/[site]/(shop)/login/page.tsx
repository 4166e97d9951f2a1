import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthPage } from '@/components/auth/auth-page';
import { siteUrl } from '@/lib/env';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { getViewer } from '@/server/auth/session';
import { requireFeature } from '@/server/flags';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Entrar', robots: { index: false, follow: true }, alternates: { canonical: '/login' } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /login (spec 2.1): the tabs of the login modal on a page; after login back to `next`. */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeRedirectPath(params.next, '/dashboard', siteUrl());
  const viewer = await getViewer();
  if (viewer) redirect(next);
  await requireFeature('ENABLE_USER_REGISTRATION');
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Área Privada</h1>
      <p className="mt-2 text-slate-600">Entre na sua conta para ver os seus preços, encomendas e favoritos, ou crie uma conta nova.</p>
      {params.next && (
        <p className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" role="status">
          Inicie sessão para continuar.
        </p>
      )}
      <div className="mt-6 rounded-xl border bg-white p-6 shadow-sm">
        <AuthPage next={next} initialTab={params.tab === 'signup' ? 'signup' : 'login'} />
      </div>
    </div>
  );
}
