import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { DownloadIcon, LockIcon } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { PriceListForm } from '@/components/price-list/price-list-form';
import { clientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { isProfessional, listPriceListExports, listPriceListScopes } from '@/server/price-lists';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/tabela-de-precos';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('PriceList');
  return pageMetadata({ title: t('title'), description: t('description'), path: PAGE_PATH, noindex: true });
}

const dateFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });
const STATUS_KEY = { queued: 'statusQueued', running: 'statusRunning', done: 'statusDone', failed: 'statusFailed' } as const;

/**
 * /dashboard/tabela-de-precos — a professional's price list: the request form (a
 * client leaf that polls the job's progress) and their recent files. Anyone without a
 * professional account gets the explanation instead (the API answers them 403).
 */
export default async function PriceListPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const t = await getTranslations('PriceList');
  const professional = await isProfessional(viewer.id);
  const [scopes, recent] = professional ? await Promise.all([listPriceListScopes(), listPriceListExports(viewer.id)]) : [null, []];
  return (
    <div className="space-y-6">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('title'), href: PAGE_PATH }]} />
      <section aria-labelledby="tabela" className="space-y-4">
        <h2 id="tabela" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('title')}
        </h2>
        {!scopes ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-6" data-testid="price-list-pro-only">
            <LockIcon aria-hidden className="size-8 text-amber-700" />
            <p className="mt-3 text-lg font-semibold text-slate-900">{t('proOnly')}</p>
            <p className="mt-1 text-slate-700">{t('proOnlyText')}</p>
          </div>
        ) : (
          <>
            <p className="text-slate-700">{t('intro')}</p>
            <p className="text-sm text-slate-600">{t('columnsNote')}</p>
            <NextIntlClientProvider messages={clientMessages(['PriceList'])}>
              <PriceListForm scopes={scopes} />
            </NextIntlClientProvider>
            <h3 className="pt-4 text-lg font-semibold text-slate-900">{t('recent')}</h3>
            {recent.length === 0 ? (
              <p className="text-sm text-slate-600">{t('recentEmpty')}</p>
            ) : (
              <ul className="divide-y rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="price-list-recent">
                {recent.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                    <span>
                      <span className="font-medium text-slate-900">{e.scope_label}</span> · {e.format.toUpperCase()} · {dateFormat.format(new Date(e.created_at))}
                      {e.status === 'done' && <> · {t('rows', { count: e.total })}</>}
                    </span>
                    {e.download_url ? (
                      <a href={e.download_url} download className="inline-flex items-center gap-1 font-medium text-sky-800 hover:underline">
                        <DownloadIcon aria-hidden className="size-4" />
                        {t('download')}
                        <span className="sr-only">
                          {' '}
                          {e.scope_label} {e.format.toUpperCase()}
                        </span>
                      </a>
                    ) : (
                      <span className={e.status === 'failed' ? 'text-red-700' : 'text-slate-600'}>{t(STATUS_KEY[e.status])}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
