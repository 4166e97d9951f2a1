import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/recovery-forms';
import { env } from '@/lib/env';
import { durationPt } from '@/server/auth/emails';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Recuperar password', robots: { index: false, follow: false } };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Recuperar password</h1>
      <p className="mt-2 text-slate-600">Indique o email da sua conta. Enviamos um link para definir uma nova password, válido durante {durationPt(env().AUTH_RESET_LINK_TTL_SECONDS)}.</p>
      <div className="mt-6 rounded-xl border bg-white p-6 shadow-sm">
        <ForgotPasswordForm />
      </div>
    </div>
  );
}
