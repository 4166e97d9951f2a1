import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { isAPIError } from 'better-auth/api';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { ResendConfirmation } from '@/components/auth/resend-confirmation';
import { Button } from '@/components/ui/button';
import { getAuth } from '@/server/auth/auth';
import { emailTokenRequestType } from '@/server/auth/emails';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Confirmar email', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

type Outcome = 'confirmed' | 'change-authorised' | 'email-changed' | 'expired' | 'invalid';

async function confirm(token: string): Promise<Outcome> {
  const auth = await getAuth();
  try {
    await auth.api.verifyEmail({ query: { token }, headers: await headers() });
    // A change of e-mail has two links: the current address authorises, the new one confirms.
    const kind = emailTokenRequestType(token);
    if (kind === 'change-email-confirmation') return 'change-authorised';
    if (kind === 'change-email-verification') return 'email-changed';
    return 'confirmed';
  } catch (err) {
    if (isAPIError(err) && (err.body as { code?: string } | undefined)?.code === 'TOKEN_EXPIRED') return 'expired';
    if (isAPIError(err)) return 'invalid';
    throw err;
  }
}

/** /auth/confirm?token= — the link of the confirmation e-mails (sign-up; both steps of a change of e-mail). */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' && raw.length < 2000 ? raw : '';
  const outcome: Outcome = token ? await confirm(token) : 'invalid';
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="confirm-email">
      {outcome === 'change-authorised' || outcome === 'email-changed' ? (
        <>
          <CheckCircle2Icon aria-hidden className="mx-auto size-12 text-emerald-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            {outcome === 'change-authorised' ? 'Alteração do email autorizada' : 'Email da conta alterado'}
          </h1>
          <p className="mt-2 text-slate-600">
            {outcome === 'change-authorised'
              ? 'Enviámos um link de confirmação para o novo endereço. O email da conta muda quando o confirmar.'
              : 'O novo endereço está confirmado e passa a ser o email da sua conta.'}
          </p>
        </>
      ) : outcome === 'confirmed' ? (
        <>
          <CheckCircle2Icon aria-hidden className="mx-auto size-12 text-emerald-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Email confirmado com sucesso!</h1>
          <p className="mt-2 text-slate-600">A sua conta está ativa. Já pode iniciar sessão.</p>
          <Button asChild className="mt-6">
            <Link href="/login">Iniciar sessão</Link>
          </Button>
        </>
      ) : (
        <>
          <XCircleIcon aria-hidden className="mx-auto size-12 text-red-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{outcome === 'expired' ? 'O link de confirmação expirou' : 'Link de confirmação inválido'}</h1>
          <p className="mt-2 text-slate-600">Peça um novo link de confirmação com o email da sua conta.</p>
          <div className="mx-auto mt-6 max-w-sm text-left">
            <ResendConfirmation />
          </div>
        </>
      )}
    </div>
  );
}
