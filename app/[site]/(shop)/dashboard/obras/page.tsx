import type { Metadata } from 'next';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ClipboardListIcon } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CreateJobListForm } from '@/components/job-lists/create-job-list-form';
import { AccountEmptyState, AccountListSection } from '@/components/account/account-section';
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
      <AccountListSection id="obras" title={t('title')} count={lists.length > 0 && t('count', { count: lists.length })}>
        <p className="text-slate-700">{t('intro')}</p>
        <NextIntlClientProvider messages={clientMessages(['JobLists'])}>
          <CreateJobListForm />
        </NextIntlClientProvider>
        {lists.length === 0 ? (
          <AccountEmptyState icon={ClipboardListIcon} title={t('emptyTitle')} text={t('emptyText')} testId="job-lists-empty" />
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
      </AccountListSection>
    </div>
  );
}
