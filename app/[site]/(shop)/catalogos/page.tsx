import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { DocumentList } from '@/components/catalogue/document-list';
import { pageMetadata } from '@/lib/seo';
import { listOwnCatalogues } from '@/server/catalogue/documents';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Catálogos',
  description: 'Descarregue os nossos catálogos em PDF por categoria: salas de banho, canalização, aquecimento, piscinas e mais.',
  path: '/catalogos',
});

export default async function OwnCataloguesPage() {
  const documents = await listOwnCatalogues();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Catálogos' }]} />
      <h1 className="mt-4 mb-2 text-3xl font-bold text-slate-900">Catálogos</h1>
      <p className="mb-8 text-slate-600">Os nossos catálogos por categoria, com referências e medidas, prontos a imprimir.</p>
      <DocumentList documents={documents} emptyText="Nenhum catálogo disponível" />
    </>
  );
}
