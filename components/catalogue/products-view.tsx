import Link from 'next/link';
import { SlidersHorizontal, X } from 'lucide-react';
import { Breadcrumbs, type Crumb } from '@/components/catalogue/breadcrumbs';
import { FacetFilters } from '@/components/catalogue/facet-filters';
import { ModelsPrefetch } from '@/components/cart/models-prefetch';
import { InfiniteProducts } from '@/components/catalogue/infinite-products';
import { ProductCard } from '@/components/catalogue/product-card';
import { SearchableList } from '@/components/catalogue/searchable-list';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { JsonLd } from '@/components/seo/json-ld';
import { siteUrl } from '@/lib/env';
import { toCardData } from '@/lib/catalogue/cards';
import { facetQueryEntries, toggleFacet } from '@/lib/catalogue/facets';
import { emptyListingMessage, listingApiUrl, listingHref, PAGE_SIZE, type ListingParams } from '@/lib/catalogue/listing';
import { chapterPath, familyPath } from '@/lib/catalogue/urls';
import { formatInteger } from '@/lib/format';
import type { BrandFacet, FamilyInfo, ListingResult } from '@/lib/catalogue/types';

interface Props {
  result: ListingResult;
  params: ListingParams;
  /** Path the filters apply to: /produtos, a chapter or a family path. */
  basePath: string;
  heading: string;
  intro?: string | null;
  crumbs: Crumb[];
  families: FamilyInfo[];
  chapterSlugByCode: Record<number, string>;
  brandFacets: { brands: BrandFacet[]; noBrand: number };
}

export function ProductsView({ result, params, basePath, heading, intro, crumbs, families, chapterSlugByCode, brandFacets }: Props) {
  const { page } = result;
  const attrs = result.family ? (params.attrs ?? {}) : {};
  const keep = { search: params.search, brand: params.brand, view: params.view, chapter: params.chapter, family: params.family, attrs };
  const chips: { label: string; href: string }[] = [];
  if (result.search) chips.push({ label: `Pesquisa: ${result.search}`, href: listingHref(basePath, { ...keep, search: undefined }) });
  if (result.brand) chips.push({ label: `Marca: ${result.brand.name}`, href: listingHref(basePath, { ...keep, brand: undefined }) });
  if (result.family)
    chips.push({
      label: `Família: ${result.family.title}`,
      href: params.family
        ? listingHref(basePath, { ...keep, family: undefined, attrs: undefined })
        : listingHref(chapterPath(chapterSlugByCode[result.family.chapterCode]!), { ...keep, attrs: undefined, view: 'all' }),
    });
  else if (result.chapter)
    chips.push({
      label: `Categoria: ${result.chapter.shortTitle}`,
      href: params.chapter ? listingHref(basePath, { ...keep, chapter: undefined }) : listingHref('/produtos', { ...keep, view: 'all' }),
    });

  for (const facet of result.facets) {
    for (const option of facet.options.filter((o) => o.active)) {
      chips.push({ label: `${facet.name}: ${option.label}`, href: listingHref(basePath, { ...keep, attrs: toggleFacet(attrs, facet.slug, option.key) }) });
    }
  }

  const brandItems = brandFacets.brands.map((b) => ({
    key: String(b.id),
    label: b.name,
    count: b.count,
    href: listingHref(basePath, { ...keep, brand: b.slug }),
    active: result.brand?.slug === b.slug,
  }));
  const familyItems = families.map((f) => ({
    key: f.code,
    label: f.title,
    count: f.productCount,
    href: listingHref(familyPath(chapterSlugByCode[f.chapterCode]!, f.slug), { search: params.search, brand: params.brand }),
    active: result.family?.code === f.code,
  }));
  const start = page.offset;
  const end = start + page.items.length;
  const hasNext = end < page.total;
  const prevHref = params.page > 1 ? listingHref(basePath, { ...keep, page: params.page - 1 }) : null;
  const nextHref = hasNext ? listingHref(basePath, { ...keep, page: params.page + 1 }) : null;

  const sidebar = (prefix: string) => (
    <div className="space-y-6">
      {chips.length > 0 && (
        <div className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-900">Filtros ativos</h2>
          <ul className="flex flex-wrap gap-2">
            {chips.map((c) => (
              <li key={c.label}>
                <Link href={c.href} className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-3 py-1 text-xs font-medium text-sky-900 hover:bg-sky-200" aria-label={`Remover filtro ${c.label}`}>
                  {c.label} <X aria-hidden className="size-3" />
                </Link>
              </li>
            ))}
          </ul>
          <Link href="/produtos?view=all" className="text-xs font-medium text-sky-800 underline-offset-4 hover:underline">
            Limpar filtros
          </Link>
        </div>
      )}
      <form action={basePath} method="get" role="search" className="space-y-2">
        <label htmlFor={`${prefix}-listing-search`} className="text-sm font-semibold text-slate-900">
          Pesquisar
        </label>
        <Input id={`${prefix}-listing-search`} name="search" type="search" defaultValue={params.search ?? ''} placeholder="Nome, código ou EAN" />
        {params.brand && <input type="hidden" name="brand" value={params.brand} />}
        {params.chapter && <input type="hidden" name="chapter" value={params.chapter} />}
        {params.family && <input type="hidden" name="family" value={params.family} />}
        {facetQueryEntries(attrs).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <FacetFilters facets={result.facets} selection={attrs} hrefFor={(next) => listingHref(basePath, { ...keep, attrs: next })} />
      <div className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Marcas</h2>
        <SearchableList
          label="Procurar marca"
          placeholder="Procurar marca…"
          emptyText="Nenhuma marca encontrada"
          items={brandItems}
          pinned={[
            { key: 'all', label: 'Todas as marcas', href: listingHref(basePath, { ...keep, brand: undefined }), active: !result.brand },
            ...(brandFacets.noBrand > 0
              ? [{ key: 'no-brand', label: 'Sem marca', count: brandFacets.noBrand, href: listingHref(basePath, { ...keep, brand: 'no-brand' }), active: result.brand?.id === 'no-brand' }]
              : []),
          ]}
        />
      </div>
      <div className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Famílias</h2>
        <SearchableList
          label="Procurar família"
          placeholder="Procurar família…"
          emptyText="Nenhuma família encontrada"
          items={familyItems}
          pinned={[
            {
              key: 'all',
              label: 'Todas as famílias',
              href: result.chapter ? listingHref(chapterPath(chapterSlugByCode[result.chapter.code]!), { search: params.search, brand: params.brand, view: 'all' }) : listingHref('/produtos', { search: params.search, brand: params.brand, view: 'all' }),
              active: !result.family,
            },
          ]}
        />
      </div>
      <div className="flex gap-2">
        <Button asChild variant="outline" size="sm">
          <Link href="/produtos">Categorias</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href={result.chapter ? chapterPath(chapterSlugByCode[result.chapter.code]!) : '/produtos'}>Famílias</Link>
        </Button>
      </div>
    </div>
  );

  return (
    <div className="mx-auto max-w-[96rem] px-4 py-8">
      <Breadcrumbs items={crumbs} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
          {intro && <p className="mt-1 max-w-3xl text-slate-600">{intro}</p>}
        </div>
        <p className="text-sm font-medium text-slate-700" data-testid="listing-total">
          {formatInteger(page.total)} {page.total === 1 ? 'produto' : 'produtos'}
        </p>
      </div>
      {prevHref && <link rel="prev" href={prevHref} />}
      {nextHref && <link rel="next" href={nextHref} />}
      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_1fr]">
        <aside aria-label="Filtros">
          {/* One copy of the filters: collapsed behind 'Filtros' on small screens (a checkbox, so it
              works without JavaScript), always open beside the grid from lg up. */}
          <input type="checkbox" id="filters-toggle" className="peer sr-only lg:hidden" />
          <label
            htmlFor="filters-toggle"
            className="flex cursor-pointer items-center justify-between rounded-xl border bg-white p-4 text-sm font-semibold peer-focus-visible:ring-[3px] peer-focus-visible:ring-sky-500/60 lg:hidden"
          >
            <span className="flex items-center gap-2">
              <SlidersHorizontal aria-hidden className="size-4" /> Filtros
            </span>
            {chips.length > 0 && (
              <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs text-white" aria-label={`${chips.length} filtros ativos`}>
                {chips.length}
              </span>
            )}
          </label>
          <div className="mt-2 hidden rounded-xl border bg-white p-4 peer-checked:block lg:sticky lg:top-24 lg:mt-0 lg:block lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto">
            {sidebar('filters')}
          </div>
        </aside>
        <section aria-labelledby="lista-produtos">
          <h2 id="lista-produtos" className="sr-only">
            Produtos
          </h2>
          {page.items.length === 0 ? (
            <p className="rounded-xl border bg-white p-8 text-center text-slate-700" data-testid="listing-empty">
              {emptyListingMessage(result)}
            </p>
          ) : (
            <>
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
                {page.items.map((p, i) => (
                  <li key={p.id}>
                    <ProductCard product={toCardData(p)} priority={i < 4} />
                  </li>
                ))}
              </ul>
              <JsonLd
                data={{
                  '@context': 'https://schema.org',
                  '@type': 'ItemList',
                  name: heading,
                  numberOfItems: page.total,
                  itemListElement: page.items.map((p, i) => ({
                    '@type': 'ListItem',
                    position: start + i + 1,
                    url: `${siteUrl()}${p.path}`,
                    name: p.seoName || p.name,
                  })),
                }}
              />
              <ModelsPrefetch productCodes={page.items.slice(0, 8).map((p) => p.productCode)} />
              <InfiniteProducts apiUrl={listingApiUrl(result, attrs)} startOffset={end} total={page.total} pageSize={PAGE_SIZE} />
              <nav aria-label="Paginação" data-pager className="mt-6 flex items-center justify-between text-sm">
                {prevHref ? <Link href={prevHref} rel="prev" className="font-medium text-sky-800 hover:underline">← Página anterior</Link> : <span />}
                <span className="text-slate-600">
                  {start + 1}–{end} de {page.total}
                </span>
                {nextHref ? <Link href={nextHref} rel="next" className="font-medium text-sky-800 hover:underline">Página seguinte →</Link> : <span />}
              </nav>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
