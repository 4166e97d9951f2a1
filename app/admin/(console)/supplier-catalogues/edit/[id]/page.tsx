import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { DeleteSupplierCatalogue } from '@/components/admin/supplier-catalogues/delete-supplier-catalogue';
import { SupplierCatalogueForm } from '@/components/admin/supplier-catalogues/supplier-catalogue-form';
import { isDbId } from '@/lib/validation/ids';
import { requirePageAccess } from '@/server/auth/session';
import { getSupplierCatalogue, listBrandOptions, SUPPLIER_CATALOGUE_ENTITY } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Editar catálogo de fornecedor', robots: { index: false, follow: false } };

/** /admin/supplier-catalogues/edit/{id} (manage_products): the form, delete, and the record's history. */
export default async function EditSupplierCataloguePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePageAccess(`/admin/supplier-catalogues/edit/${encodeURIComponent(id)}`);
  if (!isDbId(id)) notFound();
  const [t, brands, catalogue] = await Promise.all([getTranslations('Admin.SupplierCatalogues'), listBrandOptions(), getSupplierCatalogue(Number(id))]);
  if (!catalogue) notFound();
  const labels = {
    brandId: t('fieldBrand'),
    title: t('fieldTitle'),
    year: t('fieldYear'),
    pdfKey: t('fieldPdfKey'),
    externalUrl: t('fieldUrl'),
    coverUrl: t('fieldCoverUrl'),
    sortOrder: t('fieldOrder'),
    active: t('fieldActive'),
  };
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={t('editTitle')}
        description={`${catalogue.brandName} · ${catalogue.title}`}
        crumbs={[{ label: t('title'), href: '/admin/supplier-catalogues' }]}
        actions={<DeleteSupplierCatalogue id={catalogue.id} version={catalogue.version} title={catalogue.title} />}
      />
      <SupplierCatalogueForm
        key={catalogue.version}
        brands={brands}
        initial={{
          id: catalogue.id,
          version: catalogue.version,
          brandId: catalogue.brandId,
          title: catalogue.title,
          year: catalogue.year,
          externalUrl: catalogue.externalUrl,
          pdfUrl: catalogue.pdfUrl,
          coverUrl: catalogue.coverUrl,
          active: catalogue.active,
        }}
      />
      <AuditHistory entries={await listAuditInWords(SUPPLIER_CATALOGUE_ENTITY, catalogue.id, labels)} />
    </div>
  );
}
