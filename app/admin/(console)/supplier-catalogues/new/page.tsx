import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/page-header';
import { SupplierCatalogueForm } from '@/components/admin/supplier-catalogues/supplier-catalogue-form';
import { requirePageAccess } from '@/server/auth/session';
import { listBrandOptions } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Novo catálogo de fornecedor', robots: { index: false, follow: false } };

/** /admin/supplier-catalogues/new (manage_products). */
export default async function NewSupplierCataloguePage() {
  await requirePageAccess('/admin/supplier-catalogues/new');
  const [t, brands] = await Promise.all([getTranslations('Admin.SupplierCatalogues'), listBrandOptions()]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <AdminPageHeader title={t('newTitle')} crumbs={[{ label: t('title'), href: '/admin/supplier-catalogues' }]} />
      <SupplierCatalogueForm brands={brands} />
    </div>
  );
}
