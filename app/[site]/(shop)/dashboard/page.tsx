import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ArrowRight, Heart, LayoutDashboard, MapPin, Package, Settings, UserRound } from 'lucide-react';
import { ViewerBadge } from '@/components/account/viewer-badge';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { OrdersTable } from '@/components/orders/orders-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Role } from '@/lib/auth/permissions';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { listOrders } from '@/server/orders/queries';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard';

export const metadata: Metadata = pageMetadata({
  title: 'A minha conta',
  description: 'Resumo da sua conta: dados pessoais, tipo de conta, encomendas recentes e atalhos para as encomendas, as moradas, os favoritos, o perfil e as definições.',
  path: PAGE_PATH,
  noindex: true,
});

/** Roles worth naming (staff); the default 'viewer' is not shown. */
const STAFF_ROLE_LABELS: Partial<Record<Role, string>> = {
  admin: 'Administrador',
  editor: 'Editor',
  reader: 'Leitor',
};

/** Orders shown in the summary. */
const RECENT_ORDERS = 5;

const SHORTCUTS = [
  {
    href: '/dashboard/orders',
    title: 'Encomendas',
    text: 'As suas encomendas: estado, artigos, PDF e voltar a encomendar.',
    icon: Package,
  },
  {
    href: '/dashboard/addresses',
    title: 'Moradas',
    text: 'As moradas de entrega e de faturação, com o NIF.',
    icon: MapPin,
  },
  {
    href: '/dashboard/favorites',
    title: 'Favoritos',
    text: 'Os produtos que guardou para encontrar depressa.',
    icon: Heart,
  },
  {
    href: '/dashboard/profile',
    title: 'Perfil',
    text: 'O seu nome, o nome para faturação e a fotografia de perfil.',
    icon: UserRound,
  },
  {
    href: '/dashboard/settings',
    title: 'Definições',
    text: 'Alterar a password ou o email da conta, ou eliminar a conta.',
    icon: Settings,
  },
] as const;

/** /dashboard — the summary of the account (spec 2.3). */
export default async function DashboardPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const [recent, t] = await Promise.all([listOrders(viewer.id, { limit: RECENT_ORDERS, offset: 0 }), getTranslations('Orders.page')]);
  const roleLabel = STAFF_ROLE_LABELS[viewer.role];
  const accountType =
    viewer.userType === 'pro'
      ? `Profissional${viewer.accountName ? ` — ${viewer.accountName}` : ''}`
      : 'Particular';

  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: PAGE_PATH }]} />

      <section aria-labelledby="resumo" className="space-y-4">
        <h2 id="resumo" className="text-2xl font-bold tracking-tight text-slate-900">
          Resumo
        </h2>
        <p className="text-lg text-slate-700">
          Olá, <span className="font-semibold text-slate-900">{viewer.displayName}</span>.
        </p>
        <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Nome</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{viewer.displayName}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Email</dt>
            <dd className="mt-0.5 break-all font-medium text-slate-900">{viewer.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Tipo de conta</dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {accountType}
              <ViewerBadge badge={viewer.badge} />
            </dd>
          </div>
          {roleLabel && (
            <div>
              <dt className="text-sm text-slate-600">Função</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{roleLabel}</dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-labelledby="encomendas-recentes" className="space-y-4" data-testid="recent-orders">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="encomendas-recentes" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('recentTitle')}
          </h2>
          {recent.total > 0 && (
            <Link href="/dashboard/orders" className="inline-flex items-center gap-1 font-medium text-sky-800 underline-offset-4 hover:text-sky-900 hover:underline">
              {t('allOrders')}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          )}
        </div>
        {recent.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-slate-700">
            {t('recentEmpty')}{' '}
            <Link href="/produtos" className="font-medium text-sky-800 underline-offset-4 hover:underline">
              {t('browse')}
            </Link>
          </p>
        ) : (
          <OrdersTable orders={recent.items} caption={t('recentTitle')} compact />
        )}
      </section>

      <section aria-labelledby="atalhos" className="space-y-4">
        <h2 id="atalhos" className="text-2xl font-bold tracking-tight text-slate-900">
          Atalhos
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>
                    <h3 className="flex items-center gap-2 text-lg">
                      <s.icon aria-hidden className="size-5 text-sky-700" />
                      {s.title}
                    </h3>
                  </CardTitle>
                  <CardDescription>{s.text}</CardDescription>
                </CardHeader>
                <CardContent>
                  <Link
                    href={s.href}
                    className="inline-flex items-center gap-1 font-medium text-sky-800 underline-offset-4 hover:text-sky-900 hover:underline"
                  >
                    Abrir {s.title.toLocaleLowerCase('pt-PT')}
                    <ArrowRight aria-hidden className="size-4" />
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        {viewer.isAdmin && (
          <Button asChild variant="outline" className="border-purple-300 hover:bg-purple-50">
            <Link href="/admin">
              <LayoutDashboard aria-hidden className="text-purple-700" />
              Admin Dashboard
            </Link>
          </Button>
        )}
      </section>
    </div>
  );
}
