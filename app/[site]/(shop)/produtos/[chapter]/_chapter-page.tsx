/**
 * The body of a listing page, shared by the cached page (no query) and its on-demand `q/` twin
 * (lib/site-routing).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { FamilyPicker } from '@/components/catalogue/family-picker';
import { ProductsView } from '@/components/catalogue/products-view';
import { generatedMediaUrl } from '@/lib/catalogue/media';
import { listingHref, parseListingParams } from '@/lib/catalogue/listing';
import { chapterPath } from '@/lib/catalogue/urls';
import { pageMetadata } from '@/lib/seo';
import { pageListingQuery } from '@/lib/catalogue/listing-query';
import { getListing } from '@/server/catalogue/listing';
import { redirectMovedBrand } from '@/server/catalogue/brand-redirects';
import { getChapter, listBrandFacets, listChapters, listFamilies } from '@/server/catalogue/queries';

export type Params = Promise<{ chapter: string }>;
/** The query of the listing URL ({} for the cached page without a query). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function listingMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const chapter = await getChapter((await params).chapter);
  if (!chapter) return {};
  const query = parseListingParams(await searchParams);
  return pageMetadata({
    title: chapter.title,
    description: `${chapter.title}: famílias e produtos do nosso catálogo, com aconselhamento técnico e entrega a partir de Vila Nova de Gaia.`,
    path: listingHref(chapterPath(chapter.slug), { view: query.view, brand: query.brand, page: query.page }),
    image: generatedMediaUrl('chapters', String(chapter.code), 'png', 1200),
  });
}

export async function ChapterPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const chapter = await getChapter((await params).chapter);
  if (!chapter) notFound();
  const query = parseListingParams(await searchParams);
  const families = await listFamilies(chapter.code);
  const path = chapterPath(chapter.slug);
  // A merged brand's old slug: the same listing under the brand it joined (permanently).
  await redirectMovedBrand(path, query);

  // With more than one family and no filters, the chapter page asks for a family first.
  if (families.length > 1 && !query.view && !query.brand && !query.search && !query.family) {
    return (
      <div className="mx-auto max-w-[96rem] px-4 py-8">
        <Breadcrumbs items={[{ label: 'Produtos', href: '/produtos' }, { label: chapter.title }]} />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{chapter.title}</h1>
        <FamilyPicker chapter={chapter} families={families} />
      </div>
    );
  }

  const chapters = await listChapters();
  const result = await getListing(pageListingQuery(query, { chapter: chapter.code }));
  const brandFacets = await listBrandFacets({ chapterCode: chapter.code, familyId: result.family?.id });
  return (
    <ProductsView
      result={result}
      params={query}
      basePath={path}
      heading={chapter.title}
      crumbs={[{ label: 'Produtos', href: '/produtos' }, { label: chapter.title }]}
      families={families}
      chapterSlugByCode={Object.fromEntries(chapters.map((c) => [c.code, c.slug]))}
      brandFacets={brandFacets}
    />
  );
}
