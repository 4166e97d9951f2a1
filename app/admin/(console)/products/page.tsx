import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NewItemButton } from '@/components/admin/new-item-button';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager } from '@/components/admin/pager';
import { ProductFilters } from '@/components/admin/products/product-filters';
import { ProductTable } from '@/components/admin/products/product-table';
import { ADMIN_PRODUCTS_PAGE_SIZE, getProductFormOptions, listAdminProducts, parseAdminProductQuery } from '@/server/admin/products';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Produtos' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /admin/products (spec 6: manage_products): every product, active or not, searched with
 * the shop's own engine, filtered, sorted, 50 a page, with bulk actions on the ticked rows.
 */
export default async function AdminProductsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess('/admin/products');
  const raw = await searchParams;
  const query = parseAdminProductQuery(raw);
  const [list, options] = await Promise.all([listAdminProducts(query), getProductFormOptions()]);
  const one = (k: string) => {
    const v = raw[k];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const kept = Object.fromEntries(['q', 'capitulo', 'familia', 'marca', 'stock', 'estado', 'sem_imagem', 'sem_categoria', 'ordenar', 'ordem'].map((k) => [k, one(k) || undefined]));
  // A page past the last (an old link, a list that shrank): the last page, not "Página 75 de 74".
  if (list.page > list.lastPage) {
    const params = new URLSearchParams(Object.entries(kept).filter((e): e is [string, string] => Boolean(e[1])));
    if (list.lastPage > 1) params.set('pagina', String(list.lastPage));
    const qs = params.toString();
    redirect(qs ? `/admin/products?${qs}` : '/admin/products');
  }
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <AdminPageHeader
        title="Produtos"
        description="Pesquise, filtre e edite os produtos do catálogo, ativos e inativos."
        actions={<NewItemButton href="/admin/products/new" label="Novo produto" testId="product-new" />}
      />
      <ProductFilters
        options={options}
        values={{
          q: one('q'),
          capitulo: one('capitulo'),
          familia: one('familia'),
          marca: one('marca'),
          stock: one('stock'),
          estado: one('estado'),
          sem_imagem: one('sem_imagem') === '1',
          sem_categoria: one('sem_categoria') === '1',
          ordenar: one('ordenar'),
          ordem: one('ordem'),
        }}
      />
      <ProductTable rows={list.rows} options={options} />
      <AdminPager base="/admin/products" query={kept} page={list.page} pageSize={ADMIN_PRODUCTS_PAGE_SIZE} total={list.total} />
    </div>
  );
}
