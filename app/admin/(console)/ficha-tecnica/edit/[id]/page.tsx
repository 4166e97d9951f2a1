import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { SheetEditForm } from '@/components/admin/technical-sheets/sheet-edit-form';
import { formatAdminDateTime } from '@/lib/admin/format';
import { requirePageAccess } from '@/server/auth/session';
import { AUDIT_ENTITY, getSheetForEdit } from '@/server/technical-sheets';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Ficha técnica', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;

/**
 * /admin/ficha-tecnica/edit/{id} (`manage_products`): the sheet's form, the state of
 * its generated PDF (ready for this version, or being rendered by the job), links to the PDFs and
 * the product page, and the sheet's history.
 */
export default async function AdminTechnicalSheetEditPage({ params }: { params: Params }) {
  const { id: raw } = await params;
  await requirePageAccess(`/admin/ficha-tecnica/edit/${encodeURIComponent(raw)}`);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const sheet = id ? await getSheetForEdit(id) : null;
  if (!sheet) notFound();
  const t = await getTranslations('Admin.Sheets');
  const labels = Object.fromEntries(['title', 'sections', 'norms', 'certifications', 'drawing_key', 'manufacturer_pdf_key', 'published', 'product_code', 'model_code'].map((f) => [f, t(`labels.${f}`)]));
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        title={`${t('editTitle')} · ${sheet.productCode}${sheet.modelCode ? ` · ${sheet.modelCode}` : ''}`}
        description={`${sheet.productName}${sheet.modelName ? ` — ${sheet.modelName}` : ''}`}
        crumbs={[{ label: t('title'), href: '/admin/ficha-tecnica' }]}
        actions={
          <Link href={sheet.productPath} prefetch={false} target="_blank" className="inline-flex h-9 items-center rounded-md border bg-white px-3 text-sm hover:bg-slate-50">
            {t('viewProduct')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <SheetEditForm key={sheet.id} sheet={sheet} />
        <aside className="space-y-6">
          <section aria-labelledby="pdf-gerado" className="rounded-xl border bg-white p-5 text-sm" data-testid="sheet-pdf-state">
            <h2 id="pdf-gerado" className="text-lg font-semibold text-slate-900">
              {t('generatedPdf')}
            </h2>
            <p className="mt-2 text-slate-700">{sheet.pdfState === 'ready' && sheet.generatedAt ? t('pdfReady', { date: formatAdminDateTime(sheet.generatedAt) }) : t('pdfPending')}</p>
            {sheet.published ? (
              <ul className="mt-3 space-y-1">
                <li>
                  <a href={sheet.pdfPath} target="_blank" rel="noreferrer" className="font-medium text-sky-800 hover:underline">
                    {t('openPdf')}
                  </a>
                </li>
                {sheet.manufacturerPath ? (
                  <li>
                    <a href={sheet.manufacturerPath} target="_blank" rel="noreferrer" className="font-medium text-sky-800 hover:underline">
                      {t('openManufacturer')}
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="mt-2 text-amber-900">{t('pdfUnpublished')}</p>
            )}
          </section>
          <AuditHistory entries={await listAuditInWords(AUDIT_ENTITY, sheet.id, labels)} />
        </aside>
      </div>
    </div>
  );
}
