/**
 * The body of a listing page, shared by the cached page (no query) and its on-demand `q/` twin
 * (lib/site-routing).
 */
import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ChapterTiles } from '@/components/catalogue/chapter-tiles';
import { ProductsView } from '@/components/catalogue/products-view';
import { isProductsMode, listingHref, parseListingParams } from '@/lib/catalogue/listing';
import { pageMetadata } from '@/lib/seo';
import { listChaptersWithCounts } from '@/server/catalogue/chapters';
import { pageListingQuery } from '@/lib/catalogue/listing-query';
import { getListing } from '@/server/catalogue/listing';
import { redirectMovedBrand } from '@/server/catalogue/brand-redirects';
import { listBrandFacets, listChapters, listFamilies } from '@/server/catalogue/queries';

/** The query of the listing URL ({} for the cached page without a query). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function listingMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const params = parseListingParams(await searchParams);
  if (params.search) {
    return pageMetadata({
      title: `Pesquisa: ${params.search}`,
      description: `Resultados da pesquisa por «${params.search}» no catálogo de canalização, sanitários, aquecimento e piscinas.`,
      path: listingHref('/produtos', { search: params.search }),
      noindex: true,
    });
  }
  return pageMetadata({
    title: isProductsMode(params) ? 'Todos os produtos' : 'Produtos por família',
    description: 'Catálogo completo por categoria e família: salas de banho, cozinha, canalização, rega, drenagem, aquecimento, gás, bombagem, incêndio e piscinas.',
    path: listingHref('/produtos', { view: params.view, brand: params.brand, page: params.page }),
  });
}

export async function ProductsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = parseListingParams(await searchParams);
  // A merged brand's old slug: the same listing under the brand it joined (permanently).
  await redirectMovedBrand('/produtos', params);
  const chapters = await listChapters();
  const chapterSlugByCode = Object.fromEntries(chapters.map((c) => [c.code, c.slug]));

  if (!isProductsMode(params)) {
    const withCounts = await listChaptersWithCounts();
    return (
      <div className="mx-auto max-w-[96rem] px-4 py-8">
        <Breadcrumbs items={[{ label: 'Produtos' }]} />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Produtos por família</h1>
        <p className="mt-1 mb-6 text-slate-600">Escolha uma categoria para ver as suas famílias de produtos.</p>
        <ChapterTiles chapters={withCounts} />
      </div>
    );
  }

  const result = await getListing(pageListingQuery(params));
  const [families, brandFacets] = await Promise.all([
    listFamilies(result.chapter?.code),
    listBrandFacets({ chapterCode: result.chapter?.code, familyId: result.family?.id }),
  ]);
  const heading = result.search ? `Pesquisa: «${result.search}»` : result.brand ? `Produtos ${result.brand.name}` : (result.family?.title ?? result.chapter?.title ?? 'Todos os produtos');
  return (
    <ProductsView
      result={result}
      params={params}
      basePath="/produtos"
      heading={heading}
      crumbs={[{ label: 'Produtos', href: '/produtos' }, { label: result.search ? 'Pesquisa' : 'Todos os produtos' }]}
      families={families}
      chapterSlugByCode={chapterSlugByCode}
      brandFacets={brandFacets}
    />
  );
}
