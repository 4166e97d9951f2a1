import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ProductForm } from '@/components/admin/products/product-form';
import { formatAdminDateTime } from '@/lib/admin/format';
import { isDbId } from '@/lib/validation/ids';
import { getAdminProduct, getProductFormOptions } from '@/server/admin/products';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Editar produto' };

type Params = Promise<{ id: string }>;

const HISTORY_LABELS: Record<string, string> = {
  product_code: 'Código do produto',
  name: 'Nome',
  seo_name: 'Nome SEO',
  seo_description: 'Descrição SEO',
  description: 'Descrição',
  chapter_code: 'Capítulo',
  family_id: 'Família',
  brand_id: 'Marca',
  informacao_adicional: 'Informação adicional',
  informacao_tecnica: 'Informação técnica',
  notes: 'Notas',
  active: 'Ativo',
  images: 'Imagens',
  models: 'Modelos',
};

/** /admin/products/edit/{id} (spec 6: manage_products): the form and the product's history. */
export default async function EditProductPage({ params }: { params: Params }) {
  const { id } = await params;
  await requirePageAccess(`/admin/products/edit/${encodeURIComponent(id)}`);
  if (!isDbId(id)) notFound();
  const [product, options] = await Promise.all([getAdminProduct(Number(id)), getProductFormOptions()]);
  if (!product) notFound();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader
        title={product.name}
        crumbs={[{ label: 'Produtos', href: '/admin/products' }, { label: product.productCode }]}
        description={
          <>
            {product.active ? 'Ativo' : 'Inativo'} · versão {product.version} · atualizado em{' '}
            <time dateTime={product.updatedAt}>{formatAdminDateTime(product.updatedAt)}</time>
            {product.shopPath ? (
              <>
                {' · '}
                <Link href={product.shopPath} prefetch={false} className="text-sky-800 hover:underline" target="_blank">
                  Ver na loja
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <ProductForm key={`${product.id}-${product.version}`} initial={product.form} options={options} />
      <AuditHistory entries={await listAuditInWords('product', product.id, HISTORY_LABELS)} />
    </div>
  );
}
