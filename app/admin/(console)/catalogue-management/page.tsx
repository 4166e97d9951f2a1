import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CatalogueImport } from '@/components/admin/catalogue/catalogue-import';
import { CatalogueTabs } from '@/components/admin/catalogue/catalogue-tabs';
import { ImportFormatHelp } from '@/components/admin/imports/import-format';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { importResultPath } from '@/lib/admin/catalogue-import';
import { formatAdminDateTime } from '@/lib/admin/format';
import { requirePageAccess } from '@/server/auth/session';
import { listRecentImports } from '@/server/import/history';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Gestão de catálogos', robots: { index: false, follow: false } };

/**
 * /admin/catalogue-management (manage_products): import a catalogue file (progress bar,
 * the all-or-nothing report or the preview, then "Confirmar importação") and export the catalogue
 * as CSV or XLSX.
 */
export default async function CatalogueManagementPage() {
  await requirePageAccess('/admin/catalogue-management');
  const [t, history] = await Promise.all([getTranslations('Admin.Catalogue'), listRecentImports()]);
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title={t('title')} description={t('description')} />
      <CatalogueTabs current="import" />
      <div className="space-y-6">
        <section aria-labelledby="import-title" className="rounded-xl border bg-white p-5">
          <h2 id="import-title" className="text-lg font-semibold text-slate-900">
            {t('importTitle')}
          </h2>
          <p className="mt-1 mb-4 max-w-3xl text-sm text-slate-600">{t('importIntro')}</p>
          <CatalogueImport />
          <div className="mt-6 border-t pt-4">
            <ImportFormatHelp format="catalogue" headingLevel={3} />
          </div>
        </section>
        <section aria-labelledby="history-title" className="rounded-xl border bg-white p-5" data-testid="import-history">
          <h2 id="history-title" className="text-lg font-semibold text-slate-900">
            {t('historyTitle')}
          </h2>
          {history.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('historyEmpty')}</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {history.map((h) => (
                <li key={h.id} className="border-l-2 border-slate-200 pl-3">
                  <p className="text-slate-900">
                    <Link href={importResultPath(h.id)} prefetch={false} className="text-sky-800 hover:underline">
                      <time dateTime={h.at}>{formatAdminDateTime(h.at)}</time>
                    </Link>{' '}
                    · {h.actor} · <span className="font-medium">{h.file ?? '—'}</span>
                    {h.rows !== null ? ` · ${t('historyRows', { rows: h.rows })}` : ''}
                  </p>
                  {h.summary ? <p className="text-xs text-slate-600">{h.summary.replace(/^[^:]*:\s*/, '')}</p> : null}
                  {h.sha256 ? <p className="font-mono text-xs break-all text-slate-500">SHA-256 {h.sha256}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="export-title" className="rounded-xl border bg-white p-5">
          <h2 id="export-title" className="text-lg font-semibold text-slate-900">
            {t('exportTitle')}
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{t('exportIntro')}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href="/api/admin/catalogue" download data-testid="export-csv">
                {t('exportCsv')}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href="/api/admin/catalogue?format=xlsx" download data-testid="export-xlsx">
                {t('exportXlsx')}
              </a>
            </Button>
            <Button asChild variant="ghost">
              <Link href="/admin/catalogue-management/reprint-report" prefetch={false}>
                {t('navReprint')}
              </Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
