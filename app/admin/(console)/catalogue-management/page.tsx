import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CatalogueImport } from '@/components/admin/catalogue/catalogue-import';
import { CatalogueTabs } from '@/components/admin/catalogue/catalogue-tabs';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Gestão de catálogos', robots: { index: false, follow: false } };

/**
 * /admin/catalogue-management (issue 13, manage_products): import a catalogue file (progress bar,
 * the all-or-nothing report or the preview, then "Confirmar importação") and export the catalogue
 * as CSV or XLSX.
 */
export default async function CatalogueManagementPage() {
  await requirePageAccess('/admin/catalogue-management');
  const t = await getTranslations('Admin.Catalogue');
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
