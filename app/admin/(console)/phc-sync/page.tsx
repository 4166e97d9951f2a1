import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErpUpload } from '@/components/admin/erp/erp-upload';
import { ImportFormatHelp } from '@/components/admin/imports/import-format';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ListTable } from '@/components/ui/list-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import { requirePageAccess } from '@/server/auth/session';
import { skippedCsvPath } from '@/server/erp/skipped';
import { listSyncRuns } from '@/server/erp/sync';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sincronização PHC', robots: { index: false, follow: false } };

/**
 * /admin/phc-sync (admin flag): upload a clients or prices file (preview, then apply)
 * and the sync history — who or the scheduled run, when, kind, file and checksum, counts, status;
 * failed runs in red with their line report.
 */
export default async function PhcSyncPage() {
  await requirePageAccess('/admin/phc-sync');
  const [t, ti, runs] = await Promise.all([getTranslations('Admin.Erp'), getTranslations('Admin.Imports'), listSyncRuns(50)]);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader title={t('syncTitle')} description={t('syncIntro')} />
      <section className="rounded-xl border bg-white p-5" aria-labelledby="erp-upload-title">
        <h2 id="erp-upload-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('upload.title')}
        </h2>
        <ErpUpload />
      </section>
      <section className="grid gap-6 rounded-xl border bg-white p-5 lg:grid-cols-2" aria-label={t('formatsLabel')}>
        <ImportFormatHelp format="erp-prices" headingLevel={2} showName />
        <ImportFormatHelp format="erp-clients" headingLevel={2} showName />
      </section>
      <section className="rounded-xl border bg-white p-5" aria-labelledby="erp-history-title" data-testid="erp-history">
        <h2 id="erp-history-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('history.title')}
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">{t('history.empty')}</p>
        ) : (
          <ListTable
            density="compact"
            framed={false}
            headClassName="text-slate-600"
            columns={[t('history.when'), t('history.who'), t('history.kind'), t('history.file'), t('history.counts'), t('history.status')]}
          >
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className={`border-t align-top ${r.status === 'failed' ? 'bg-red-50 text-red-900' : ''}`} data-status={r.status}>
                  <td className="py-1 pr-2 whitespace-nowrap">{formatAdminDateTime(r.at)}</td>
                  <td className="py-1 pr-2">{r.source === 'inbox' ? t('history.scheduled') : r.actor}</td>
                  <td className="py-1 pr-2">{r.kind === 'prices' ? t('upload.kindPrices') : t('upload.kindClients')}</td>
                  <td className="py-1 pr-2">
                    <span className="block">{r.fileName}</span>
                    <span className="block font-mono text-xs text-slate-500" title={r.sha256}>
                      sha256 {r.sha256.slice(0, 16)}…
                    </span>
                  </td>
                  <td className="py-1 pr-2">
                    {r.counts ? t('history.countsText', { ...r.counts }) : '—'}
                    {r.status === 'ok' && r.counts?.skipped ? (
                      <span className="block text-amber-900" data-testid="erp-history-skipped">
                        {t('history.skippedText', { count: r.counts.skipped })} ·{' '}
                        <a href={skippedCsvPath({ run: r.id })} download className="text-sky-900 underline">
                          {ti('skipped.download')}
                        </a>
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1">
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${r.status === 'failed' ? 'bg-red-200 text-red-900' : 'bg-green-100 text-green-900'}`}>
                      {r.status === 'failed' ? t('history.failed') : t('history.ok')}
                    </span>
                    {r.report.length ? (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs">{t('history.report')}</summary>
                        <ul className="mt-1 list-disc pl-4 text-xs">
                          {r.report.slice(0, 50).map((line, i) => (
                            <li key={i}>{line}</li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>
    </div>
  );
}
