import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPasswordForm } from '@/components/auth/recovery-forms';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Nova password', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /reset-password?token= — the link of the recovery e-mail (valid 1 hour, usable once). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw.slice(0, 200) : '';
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Definir nova password</h1>
      <div className="mt-6 rounded-xl border bg-white p-6 shadow-sm">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p role="alert" className="text-sm text-red-700">
            O link de recuperação é inválido.{' '}
            <Link href="/forgot-password" className="font-medium underline">
              Pedir um novo link
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
