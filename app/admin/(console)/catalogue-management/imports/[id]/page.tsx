import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SummaryTable } from '@/components/admin/catalogue/catalogue-import';
import { ImportAccounts } from '@/components/admin/imports/import-accounts';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { formatAdminDateTime } from '@/lib/admin/format';
import { requirePageAccess } from '@/server/auth/session';
import { getImportResult } from '@/server/import/history';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Resultado da importação', robots: { index: false, follow: false } };

/**
 * /admin/catalogue-management/imports/{id} (manage_products): the result of one
 * confirmed catalogue import — what changed, the change-log lines, the demo accounts it removed
 * and kept — with the way back. "Confirmar importação" lands here; the import history links here.
 */
export default async function ImportResultPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePageAccess(`/admin/catalogue-management/imports/${id}`);
  const result = /^\d{1,15}$/.test(id) ? await getImportResult(Number(id)) : null;
  if (!result) notFound();
  const [t, tc] = await Promise.all([getTranslations('Admin.Imports.result'), getTranslations('Admin.Catalogue')]);
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title={t('title')} crumbs={[{ label: tc('title'), href: '/admin/catalogue-management' }]} />
      <section className="rounded-xl border border-green-200 bg-green-50 p-5" data-testid="import-done" aria-labelledby="import-result-changes">
        <p className="text-sm text-green-950">{t('intro', { file: result.file, rows: result.rows, actor: result.actor, when: formatAdminDateTime(result.at) })}</p>
        <h2 id="import-result-changes" className="mt-3 text-lg font-semibold text-green-950">
          {t('changes')}
        </h2>
        {result.summary ? <SummaryTable summary={result.summary} /> : null}
        {result.recorded ? <p className="mt-2 text-sm text-green-950">{tc('changeLines', result.recorded)}</p> : null}
        <div className="bg-white">
          <ImportAccounts accounts={result.accounts} done headingLevel={3} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/admin/catalogue-management" prefetch={false} data-testid="import-result-back">
              {t('back')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/admin/catalogue-management/change-logs" prefetch={false}>
              {tc('doneChanges')}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
