import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { clientMessages } from '@/lib/i18n/client-messages';
import Link from 'next/link';
import { BadgePercent, Clock, FileText, Tag, type LucideIcon } from 'lucide-react';
import { AccessRequestForm } from '@/components/access-request/access-request-form';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { pageMetadata } from '@/lib/seo';
import { getViewer } from '@/server/auth/session';
import { requireFeature } from '@/server/flags';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/access-request';
const PAGE_TITLE = 'Pedido de acesso profissional';

export const metadata: Metadata = pageMetadata({
  title: PAGE_TITLE,
  description:
    'Instaladores, empreiteiros, arquitetos, decoradores, promotores e revendedores: peça uma conta profissional com preços personalizados, descontos por conta e orçamentos.',
  path: PAGE_PATH,
  noindex: true,
});

interface Benefit {
  icon: LucideIcon;
  title: string;
  text: string;
}

const BENEFITS: readonly Benefit[] = [
  {
    icon: Tag,
    title: 'Preços personalizados',
    text: 'Com sessão iniciada vê os preços da sua conta em todo o catálogo: preço base, desconto e preço final.',
  },
  {
    icon: BadgePercent,
    title: 'Descontos por conta',
    text: 'Condições comerciais definidas para a sua empresa, aplicadas automaticamente a cada produto.',
  },
  {
    icon: FileText,
    title: 'Orçamentos',
    text: 'Peça orçamentos de obra a partir do carrinho e acompanhe os seus pedidos e encomendas.',
  },
];

/** Spec 2.1: /access-request, behind the registration flag (admins pass, as on /login). */
export default async function AccessRequestPage() {
  const viewer = await getViewer();
  if (!viewer?.isAdmin) await requireFeature('ENABLE_USER_REGISTRATION');

  const defaults = viewer
    ? { email: viewer.email, ...(viewer.fullName ? { contactName: viewer.fullName } : {}) }
    : undefined;

  return (
    <NextIntlClientProvider messages={clientMessages(['AccessRequest'])}>
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
        <Breadcrumbs
          items={[
            { label: 'Profissionais PRO', href: '/pro' },
            { label: PAGE_TITLE, href: PAGE_PATH },
          ]}
        />
        <header className="mt-8 max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900">{PAGE_TITLE}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            É instalador, empreiteiro, arquiteto, decorador, promotor ou revendedor? Peça uma conta
            profissional e compre com as condições da sua empresa. Preencha o formulário com os
            dados da empresa: analisamos cada pedido e respondemos por email no prazo de{' '}
            <strong className="font-semibold text-slate-900">2 dias úteis</strong>.
          </p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_3fr]">
          <section aria-labelledby="pro-benefits" className="space-y-6">
            <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
              <h2 id="pro-benefits" className="text-lg font-semibold text-slate-900">
                O que ganha com uma conta profissional
              </h2>
              <ul className="mt-4 space-y-4">
                {BENEFITS.map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3">
                    <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700" />
                    <div>
                      <p className="font-medium text-slate-900">{title}</p>
                      <p className="text-sm leading-relaxed text-slate-700">{text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>

            <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Clock aria-hidden className="size-5 text-sky-700" />
                Como funciona
              </h2>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed text-slate-700">
                <li>Envia o pedido com os dados da empresa e o NIF.</li>
                <li>Recebe de imediato um email a confirmar a receção.</li>
                <li>
                  A nossa equipa comercial analisa o pedido e responde no prazo de 2 dias úteis.
                </li>
                <li>Com o pedido aprovado, passa a ver os preços e descontos da sua conta.</li>
              </ol>
              <p className="mt-4 text-sm text-slate-600">
                Tem dúvidas?{' '}
                <Link
                  href="/contacto"
                  className="font-medium text-sky-800 underline-offset-4 hover:text-sky-900 hover:underline"
                >
                  Contacte-nos
                </Link>{' '}
                ou saiba mais sobre a{' '}
                <Link
                  href="/pro"
                  className="font-medium text-sky-800 underline-offset-4 hover:text-sky-900 hover:underline"
                >
                  oferta para profissionais
                </Link>
                .
              </p>
            </div>
          </section>

          <Card className="h-fit">
            <CardHeader>
              <CardTitle>
                <h2 className="text-xl">Dados do pedido</h2>
              </CardTitle>
              <CardDescription>
                Indique os dados da empresa e de quem devemos contactar.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AccessRequestForm defaultValues={defaults} />
            </CardContent>
          </Card>
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
