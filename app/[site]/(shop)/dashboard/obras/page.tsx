import type { Metadata } from 'next';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ClipboardListIcon } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CreateJobListForm } from '@/components/job-lists/create-job-list-form';
import { clientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { listJobLists } from '@/server/worksite-lists';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/obras';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('JobLists');
  return pageMetadata({ title: t('title'), description: t('description'), path: PAGE_PATH, noindex: true });
}

const dateFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'medium', timeZone: 'Europe/Lisbon' });

/**
 * /dashboard/obras — the signed-in customer's job lists, most recently changed first.
 * A server component; the "Nova obra" form is the only client leaf.
 */
export default async function JobListsPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const [lists, t] = await Promise.all([listJobLists(viewer.id), getTranslations('JobLists')]);
  return (
    <div className="space-y-6">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('title'), href: PAGE_PATH }]} />
      <section aria-labelledby="obras" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="obras" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('title')}
          </h2>
          {lists.length > 0 && <p className="text-sm text-slate-600">{t('count', { count: lists.length })}</p>}
        </div>
        <p className="text-slate-700">{t('intro')}</p>
        <NextIntlClientProvider messages={clientMessages(['JobLists'])}>
          <CreateJobListForm />
        </NextIntlClientProvider>
        {lists.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="job-lists-empty">
            <ClipboardListIcon aria-hidden className="mx-auto size-10 text-slate-400" />
            <p className="mt-3 text-lg font-semibold text-slate-900">{t('emptyTitle')}</p>
            <p className="mt-1 text-slate-600">{t('emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="job-lists">
            {lists.map((list) => (
              <li key={list.id}>
                <Link href={`${PAGE_PATH}/${list.id}`} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 hover:bg-sky-50 focus-visible:bg-sky-50">
                  <span className="font-semibold text-sky-900">{list.name}</span>
                  <span className="text-sm text-slate-600">
                    {t('linesCount', { count: list.line_count })} · {t('updatedAt', { date: dateFormat.format(new Date(list.updated_at)) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
