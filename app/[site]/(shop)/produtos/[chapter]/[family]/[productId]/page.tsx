import type { Metadata } from 'next';
import { cache } from 'react';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { notFound, permanentRedirect } from 'next/navigation';
import { ModelAddCell, ModelPriceCell, ProductBuyBox } from '@/components/cart/product-buy';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ModelCards, modelPackages, modelStockLabel, modelStockTone } from '@/components/catalogue/model-cards';
import { ProductCard } from '@/components/catalogue/product-card';
import { ProductGallery } from '@/components/catalogue/product-gallery';
import { FavouriteToggle } from '@/components/favourites/favourite-toggle';
import { SaveModelToJobList } from '@/components/job-lists/save-to-job-list';
import { RequestQuoteButton } from '@/components/quotes/request-quote';
import { JsonLd } from '@/components/seo/json-ld';
import { ProductSheetLinks } from '@/components/technical-sheets/sheet-links';
import { toCardData } from '@/lib/catalogue/cards';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { clientMessages } from '@/lib/i18n/client-messages';
import { brandListingPath, chapterPath, familyPath } from '@/lib/catalogue/urls';
import { siteUrl } from '@/lib/env';
import { ALL_FLAGS_ON, flagsForSiteKey } from '@/lib/flags';
import { pageMetadata } from '@/lib/seo';
import { getProductDetail, listRelatedProducts } from '@/server/catalogue/queries';
import { tagCurrentPage } from '@/server/cache/read';
import { saveToJobListTexts } from '@/server/worksite-lists/texts';
import { cacheTags } from '@/server/cache/tags';
import { getProductSheetLinks } from '@/server/technical-sheets/public';

export const revalidate = 3600;

/** Rendered on first request, then cached (nothing at build time: the build has no database). */
export function generateStaticParams(): never[] {
  return [];
}

type Params = Promise<{ site: string; chapter: string; family: string; productId: string }>;

/** The product of the URL, read once per request (metadata and page); null for a malformed code. */
const loadProduct = cache(async (raw: string) => {
  let code: string;
  try {
    code = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return getProductDetail(code);
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const product = await loadProduct((await params).productId);
  if (!product) return {};
  return pageMetadata({
    title: product.seoName || product.name,
    description: product.seoDescription || product.description || `${product.name} — ${product.familyTitle}.`,
    path: product.path,
    image: rasterMediaUrl(product.imageUrl, 800, 'png'),
  });
}

export default async function ProductPage({ params }: { params: Params }) {
  const p = await params;
  const product = await loadProduct(p.productId);
  if (!product) notFound();
  await tagCurrentPage(cacheTags.product(product.productCode), cacheTags.family(product.familyCode));
  // One URL per product: a wrong chapter/family in the path goes to the canonical one.
  if (p.chapter !== product.chapterSlug || p.family !== product.familySlug) permanentRedirect(product.path);
  const [related, sheets] = await Promise.all([listRelatedProducts(product), getProductSheetLinks(product.productCode)]);
  const attributeNames = [...new Set(product.models.flatMap((m) => m.attributes.map((a) => a.name)))].slice(0, 4);
  const base = siteUrl();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        items={[
          { label: 'Produtos', href: '/produtos' },
          { label: product.chapterTitle, href: chapterPath(product.chapterSlug) },
          { label: product.familyTitle, href: familyPath(product.chapterSlug, product.familySlug) },
          { label: product.name },
        ]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <ProductGallery images={product.images} alts={product.imageAlts} name={product.name} />
        <div className="space-y-5">
          {product.brandSlug && product.brandLogoUrl && (
            <Link href={brandListingPath(product.brandSlug)} className="inline-block" title={`Mais produtos ${product.brandName}`}>
              {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG logo */}
              <img src={product.brandLogoUrl} alt={product.brandName ?? ''} width={144} height={48} className="h-12 w-auto" />
            </Link>
          )}
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold leading-tight text-slate-900">{product.name}</h1>
            {/* Empty for everyone in the cached HTML; the viewer's state fills it on the client. */}
            <FavouriteToggle productCode={product.productCode} className="mt-1 shrink-0 border border-slate-200" />
          </div>
          <p className="text-sm text-slate-600">
            Ref. <span className="font-mono">{product.productCode}</span> ·{' '}
            <Link href={familyPath(product.chapterSlug, product.familySlug)} className="text-sky-800 hover:underline">
              {product.familyTitle}
            </Link>
          </p>
          {product.description && <p className="leading-relaxed text-slate-700">{product.description}</p>}
          {product.availableSizes.length > 0 && (
            <p className="text-sm text-slate-700">
              <span className="font-semibold">Medidas disponíveis:</span> {product.availableSizes.join(' · ')}
            </p>
          )}
          {/* Published technical sheets: a cached read with the product's tag, so an edit shows at once. */}
          <ProductSheetLinks sheets={sheets} />
          {/* Prices only from the pricing endpoint, in a client leaf: this HTML is cached for everyone. */}
          <div data-slot="price">
            <ProductBuyBox
              productCode={product.productCode}
              productName={product.name}
              modelCodes={product.models.map((m) => m.code)}
              quoteAction={
                <NextIntlClientProvider messages={clientMessages(['QuoteRequest'])}>
                  <RequestQuoteButton source={{ kind: 'product', productCode: product.productCode, productName: product.name }} className="ml-3" />
                </NextIntlClientProvider>
              }
            >
              <div className="rounded-xl border border-sky-100 bg-sky-50 p-4 text-sm text-sky-900">
                Preços personalizados na Área Privada. Para um orçamento,{' '}
                <Link href="/contacto" className="font-semibold underline">
                  contacte-nos
                </Link>
                .
              </div>
            </ProductBuyBox>
          </div>
        </div>
      </div>

      <section aria-labelledby="modelos" className="mt-12">
        <h2 id="modelos" tabIndex={-1} className="scroll-mt-40 text-xl font-bold text-slate-900 outline-none">
          Modelos ({product.models.length})
        </h2>
        {/* Below 768 px a list of cards (no sideways scroll on a phone); the table from 768 px. */}
        <div className="mt-4 md:hidden">
          <ModelCards productCode={product.productCode} productName={product.name} models={product.models} />
        </div>
        <div className="mt-4 hidden overflow-x-auto rounded-xl border bg-white md:block">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Código</th>
                <th scope="col" className="px-4 py-3 font-semibold">Medida</th>
                {attributeNames.map((n) => (
                  <th key={n} scope="col" className="px-4 py-3 font-semibold">{n}</th>
                ))}
                <th scope="col" className="px-4 py-3 font-semibold">Embalagens</th>
                <th scope="col" className="px-4 py-3 font-semibold">Stock</th>
                <th scope="col" className="px-4 py-3 font-semibold">Preço</th>
                <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Adicionar ao carrinho</span></th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {product.models.map((m) => (
                <tr key={m.code}>
                  <td className="px-4 py-3 font-mono">{m.code}</td>
                  <td className="px-4 py-3">{m.size || '—'}</td>
                  {attributeNames.map((n) => {
                    const a = m.attributes.find((x) => x.name === n);
                    return (
                      <td key={n} className="px-4 py-3">
                        {a ? `${a.value}${a.unit ? ` ${a.unit}` : ''}` : '—'}
                      </td>
                    );
                  })}
                  <td className="px-4 py-3">{modelPackages(m)}</td>
                  <td className="px-4 py-3">
                    <span className={modelStockTone(m.stockStatus)}>{modelStockLabel(m.stockStatus)}</span>
                  </td>
                  <td className="px-4 py-3" data-slot="price">
                    <ModelPriceCell modelCode={m.code} />
                  </td>
                  <td className="px-4 py-3">
                    <ModelAddCell media="desktop" productCode={product.productCode} modelCode={m.code} productName={product.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* "Guardar numa obra": signed-in customers keep a model in a job list; off where the account area is. */}
        {(flagsForSiteKey(p.site) ?? ALL_FLAGS_ON).ENABLE_DASHBOARD && (
          <div className="mt-4 flex justify-end">
            <SaveModelToJobList
              models={product.models.map((m) => ({ id: m.id, code: m.code, size: m.size, smallPackage: m.smallPackage, mediumPackage: m.mediumPackage, largePackage: m.largePackage }))}
              texts={saveToJobListTexts()}
            />
          </div>
        )}
      </section>

      {(product.informacaoTecnica || product.informacaoAdicional) && (
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          {product.informacaoTecnica && (
            <section aria-labelledby="info-tecnica">
              <h2 id="info-tecnica" className="text-xl font-bold text-slate-900">Informação técnica</h2>
              <dl className="mt-3 divide-y rounded-xl border bg-white text-sm">
                {product.informacaoTecnica.split('\n').filter(Boolean).map((line, i) => {
                  const [k, ...v] = line.split(':');
                  return v.length ? (
                    <div key={i} className="grid grid-cols-2 gap-2 px-4 py-2">
                      <dt className="text-slate-600">{k}</dt>
                      <dd className="font-medium text-slate-900">{v.join(':').trim()}</dd>
                    </div>
                  ) : (
                    <div key={i} className="px-4 py-2 text-slate-700">{line}</div>
                  );
                })}
              </dl>
            </section>
          )}
          {product.informacaoAdicional && (
            <section aria-labelledby="info-adicional">
              <h2 id="info-adicional" className="text-xl font-bold text-slate-900">Informação adicional</h2>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">{product.informacaoAdicional}</p>
            </section>
          )}
        </div>
      )}

      {related.length > 0 && (
        <section aria-labelledby="relacionados" className="mt-12">
          <h2 id="relacionados" className="text-xl font-bold text-slate-900">Produtos relacionados</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
            {related.map((r) => (
              <li key={r.id}>
                <ProductCard product={toCardData(r)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.seoName || product.name,
          sku: product.productCode,
          mpn: product.models[0]?.code,
          ...(product.ean ? { gtin13: product.ean } : {}),
          description: product.seoDescription || product.description || undefined,
          image: product.images.map((i) => `${base}${rasterMediaUrl(i, 800, 'png')}`),
          category: `${product.chapterTitle} > ${product.familyTitle}`,
          url: `${base}${product.path}`,
          ...(product.brandName ? { brand: { '@type': 'Brand', name: product.brandName } } : {}),
          ...(product.weight ? { weight: { '@type': 'QuantitativeValue', value: Number(product.weight), unitCode: product.weightUnit === 'g' ? 'GRM' : 'KGM' } } : {}),
        }}
      />
    </div>
  );
}
