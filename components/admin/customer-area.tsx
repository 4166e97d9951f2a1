import Link from 'next/link';
import { ShieldAlertIcon } from 'lucide-react';
import type { Viewer } from '@/lib/auth/viewer';
import { AdminSignOut } from './admin-sign-out';

/**
 * What a customer (private or professional: role 'viewer') meets under /admin: not the
 * staff console, but a plain frame with the way back to the shop and to their own account.
 */
export function CustomerFrame({ viewer, children }: { viewer: Viewer; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50" data-testid="customer-area">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b bg-white px-4 py-3 lg:px-8">
        <Link href="/" className="text-lg font-bold text-slate-900">
          Casa das Águas de Gaia
        </Link>
        <div className="flex items-center gap-3">
          <p className="text-sm font-medium text-slate-900">{viewer.displayName}</p>
          <AdminSignOut />
        </div>
      </header>
      <main id="conteudo-gestao" className="px-4 py-10 lg:px-8">
        {children}
      </main>
    </div>
  );
}

/** The links of a customer's own account. */
export const CUSTOMER_LINKS: readonly { href: string; label: string; text: string }[] = [
  { href: '/dashboard', label: 'A minha conta', text: 'Os seus dados, encomendas recentes e atalhos.' },
  { href: '/dashboard/orders', label: 'As minhas encomendas', text: 'Estado, artigos, faturas em PDF e voltar a encomendar.' },
  { href: '/dashboard/quotes', label: 'Os meus orçamentos', text: 'Pedidos de orçamento e respostas da loja.' },
  { href: '/dashboard/addresses', label: 'Moradas', text: 'Moradas de entrega e de faturação.' },
];

/**
 * /admin and /admin/dashboard for a customer (spec 6: any login may open /admin/dashboard): this
 * area is for the shop's staff; here is your account.
 */
export function CustomerAreaPage({ viewer }: { viewer: Viewer }) {
  return (
    <div className="mx-auto max-w-2xl">
      <div className="rounded-xl border bg-white p-6 sm:p-8">
        <ShieldAlertIcon aria-hidden className="size-10 text-sky-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Área do pessoal da loja</h1>
        <p className="mt-2 text-slate-700" data-testid="customer-area-notice">
          Esta área é para o pessoal da loja. A sua conta de cliente{viewer.userType === 'pro' && viewer.accountName ? ` (${viewer.accountName})` : ''} não
          precisa dela: tudo o que é seu está em «A minha conta».
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="A sua conta">
          {CUSTOMER_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} prefetch={false} className="block h-full rounded-lg border p-4 hover:border-sky-400 hover:shadow">
                <span className="font-semibold text-slate-900">{l.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{l.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Trabalha na loja e precisa de acesso? Peça-o a um administrador.{' '}
          <Link href="/" className="font-medium text-sky-800 underline">
            Voltar à loja
          </Link>
        </p>
      </div>
    </div>
  );
}
