import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { siteUrl } from '@/lib/env';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { getViewer } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Entrar', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /admin/login (spec 2.4): staff login, never behind the registration flag. */
export default async function AdminLoginPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeRedirectPath((await searchParams).next, '/admin/dashboard', siteUrl());
  if (await getViewer()) redirect(next);
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Gestão da loja</h1>
      <p className="mt-2 text-slate-600">Acesso reservado à equipa da Casa das Águas de Gaia.</p>
      <div className="mt-6 rounded-xl border bg-white p-6 shadow-sm">
        <LoginForm next={next} idPrefix="admin-login" />
      </div>
    </div>
  );
}
