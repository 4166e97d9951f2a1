import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { DocumentList } from '@/components/catalogue/document-list';
import { pageMetadata } from '@/lib/seo';
import { listFactoryCatalogues } from '@/server/catalogue/documents';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Catálogos de Fábrica',
  description: 'Catálogos dos fabricantes que representamos, em PDF.',
  path: '/catalogos-fabrica',
});

export default async function FactoryCataloguesPage() {
  const documents = await listFactoryCatalogues();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Catálogos de Fábrica' }]} />
      <h1 className="mt-4 mb-2 text-3xl font-bold text-slate-900">Catálogos de Fábrica</h1>
      <p className="mb-8 text-slate-600">A gama de cada marca disponível na nossa loja.</p>
      <DocumentList documents={documents} emptyText="Nenhum catálogo disponível" />
    </>
  );
}
