import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ProductForm } from '@/components/admin/products/product-form';
import { emptyProductForm } from '@/lib/validation/admin-product';
import { getProductFormOptions } from '@/server/admin/products';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Novo produto' };

/** /admin/products/new (spec 6: manage_products). */
export default async function NewProductPage() {
  await requirePageAccess('/admin/products/new');
  const options = await getProductFormOptions();
  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader title="Novo produto" crumbs={[{ label: 'Produtos', href: '/admin/products' }]} description="Os campos com * são obrigatórios. Um produto tem pelo menos um modelo para ser vendido." />
      <ProductForm initial={emptyProductForm()} options={options} />
    </div>
  );
}
