/**
 * The body of a listing page, shared by the cached page (no query) and its on-demand `q/` twin
 * (lib/site-routing).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProductsView } from '@/components/catalogue/products-view';
import { generatedMediaUrl } from '@/lib/catalogue/media';
import { listingHref, parseListingParams } from '@/lib/catalogue/listing';
import { chapterPath, familyPath } from '@/lib/catalogue/urls';
import { pageMetadata } from '@/lib/seo';
import { pageListingQuery } from '@/lib/catalogue/listing-query';
import { getListing } from '@/server/catalogue/listing';
import { redirectMovedBrand } from '@/server/catalogue/brand-redirects';
import { getChapter, getFamily, listBrandFacets, listChapters, listFamilies } from '@/server/catalogue/queries';

export type Params = Promise<{ chapter: string; family: string }>;
/** The query of the listing URL ({} for the cached page without a query). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function load(params: Params) {
  const p = await params;
  const chapter = await getChapter(p.chapter);
  const family = chapter ? await getFamily(chapter.code, p.family) : null;
  return { chapter, family };
}

export async function listingMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const { chapter, family } = await load(params);
  if (!chapter || !family) return {};
  const query = parseListingParams(await searchParams);
  const filtered = Object.keys(query.attrs ?? {}).length > 0;
  return pageMetadata({
    // Technical filters make countless combinations: crawlers index the family itself.
    ...(filtered ? { noindex: true } : {}),
    title: `${family.title} — ${chapter.title}`,
    description: `${family.title}: ${family.productCount} produtos em ${chapter.title}. Consulte medidas, marcas e informação técnica.`,
    path: listingHref(familyPath(chapter.slug, family.slug), { brand: query.brand, page: query.page }),
    image: generatedMediaUrl('families', family.code, 'png', 400),
  });
}

export async function FamilyPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { chapter, family } = await load(params);
  if (!chapter || !family) notFound();
  const query = parseListingParams(await searchParams);
  // A merged brand's old slug: the same listing under the brand it joined (permanently).
  await redirectMovedBrand(familyPath(chapter.slug, family.slug), query);
  const [chapters, families, result, brandFacets] = await Promise.all([
    listChapters(),
    listFamilies(chapter.code),
    getListing(pageListingQuery(query, { chapter: chapter.code, family: family.code })),
    listBrandFacets({ chapterCode: chapter.code, familyId: family.id }),
  ]);
  return (
    <ProductsView
      result={result}
      params={query}
      basePath={familyPath(chapter.slug, family.slug)}
      heading={family.title}
      crumbs={[
        { label: 'Produtos', href: '/produtos' },
        { label: chapter.title, href: chapterPath(chapter.slug) },
        { label: family.title },
      ]}
      families={families}
      chapterSlugByCode={Object.fromEntries(chapters.map((c) => [c.code, c.slug]))}
      brandFacets={brandFacets}
    />
  );
}
