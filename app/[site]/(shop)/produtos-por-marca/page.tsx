import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { brandListingPath } from '@/lib/catalogue/urls';
import { pageMetadata } from '@/lib/seo';
import { countProductsWithoutBrand, listBrands } from '@/server/catalogue/queries';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Produtos por marca',
  description: 'As marcas do nosso catálogo de canalização, sanitários, aquecimento, climatização e piscinas. Escolha uma marca para ver os seus produtos.',
  path: '/produtos-por-marca',
});

export default async function BrandsPage() {
  const [brands, withoutBrand] = await Promise.all([listBrands(), countProductsWithoutBrand()]);
  const withProducts = brands.filter((b) => b.productCount > 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs items={[{ label: 'Produtos', href: '/produtos' }, { label: 'Produtos por marca' }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Produtos por marca</h1>
      <p className="mt-1 text-slate-600">{withProducts.length} marcas com produtos no catálogo.</p>
      {withProducts.length === 0 ? (
        <p className="mt-8 rounded-xl border bg-white p-8 text-center text-slate-700">Nenhuma marca encontrada</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="brand-list">
          {withProducts.map((b) => (
            <li key={b.id}>
              <Link href={brandListingPath(b.slug)} className="flex h-full flex-col items-center gap-3 rounded-xl border bg-white p-5 text-center shadow-xs transition hover:shadow-md">
                {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG logos */}
                <img src={b.logoUrl} alt="" width={180} height={60} loading="lazy" className="h-14 w-auto" />
                <span className="font-semibold text-slate-900">{b.name}</span>
                <span className="text-xs text-slate-600">{b.productCount} produtos</span>
              </Link>
            </li>
          ))}
          {withoutBrand > 0 && (
            <li>
              <Link href="/produtos?brand=no-brand" className="flex h-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-white p-5 text-center hover:shadow-md">
                <span className="font-semibold text-slate-900">Sem marca</span>
                <span className="text-xs text-slate-600">{withoutBrand} produtos</span>
              </Link>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
