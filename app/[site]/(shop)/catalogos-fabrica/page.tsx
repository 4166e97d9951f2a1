import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { DocumentList } from '@/components/catalogue/document-list';
import { pageMetadata } from '@/lib/seo';
import { listPublicSupplierCatalogues, type PublicSupplierCatalogue } from '@/server/admin/supplier-catalogues';
import { listFactoryCatalogues } from '@/server/catalogue/documents';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Catálogos de Fábrica',
  description: 'Catálogos dos fabricantes que representamos, em PDF.',
  path: '/catalogos-fabrica',
});

function byBrand(items: PublicSupplierCatalogue[]): { slug: string; name: string; items: PublicSupplierCatalogue[] }[] {
  const groups = new Map<string, { slug: string; name: string; items: PublicSupplierCatalogue[] }>();
  for (const item of items) {
    const group = groups.get(item.brandSlug) ?? { slug: item.brandSlug, name: item.brandName, items: [] };
    group.items.push(item);
    groups.set(item.brandSlug, group);
  }
  return [...groups.values()];
}

/**
 * /catalogos-fabrica: the manufacturers' catalogues staff publish (/admin/supplier-catalogues),
 * in their order and grouped by brand (an index of the brands on top), each with its cover and
 * "Abrir PDF" or "Ver no site do fabricante"; below, the shop's generated per-brand PDFs.
 * Cached (ISR) with the supplier-catalogues tag: a staff edit shows at once.
 */
export default async function FactoryCataloguesPage() {
  const [t, supplier, documents] = await Promise.all([getTranslations('SupplierCataloguesPage'), listPublicSupplierCatalogues(), listFactoryCatalogues()]);
  const groups = byBrand(supplier);
  return (
    <>
      <Breadcrumbs items={[{ label: t('title') }]} />
      <h1 className="mt-4 mb-2 text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mb-6 text-slate-600">{t('intro')}</p>
      {groups.length > 1 ? (
        <nav aria-label={t('filterLabel')} className="mb-6 flex flex-wrap gap-2 text-sm">
          {groups.map((g) => (
            <a key={g.slug} href={`#marca-${g.slug}`} className="rounded-full border bg-white px-3 py-1 hover:bg-slate-100">
              {g.name}
            </a>
          ))}
        </nav>
      ) : null}
      {groups.length > 0 ? (
        <div className="space-y-10" data-testid="supplier-catalogues">
          {groups.map((g) => (
            <section key={g.slug} id={`marca-${g.slug}`} aria-labelledby={`marca-${g.slug}-title`} className="scroll-mt-24">
              <h2 id={`marca-${g.slug}-title`} className="mb-4 text-xl font-semibold text-slate-900">
                {g.name}
              </h2>
              <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
                {g.items.map((c) => (
                  <li key={c.id} className="flex flex-col rounded-xl border bg-white p-3 shadow-sm" data-testid="supplier-catalogue">
                    {c.coverUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element
                      <img src={`${c.coverUrl}?w=400`} alt={t('coverAlt', { title: c.title })} width={300} height={424} loading="lazy" className="aspect-[300/424] w-full rounded border object-cover" />
                    ) : (
                      <div aria-hidden className="aspect-[300/424] w-full rounded border bg-sky-900" />
                    )}
                    <p className="mt-3 text-xs font-medium tracking-wide text-slate-600 uppercase">{c.brandName}</p>
                    <h3 className="font-semibold text-slate-900">{c.title}</h3>
                    {c.year ? <p className="text-sm text-slate-600">{c.year}</p> : null}
                    <a
                      href={c.href}
                      target="_blank"
                      rel={c.external ? 'noopener noreferrer external' : 'noopener'}
                      className="mt-auto pt-3 text-sm font-medium text-sky-800 hover:underline"
                    >
                      {c.external ? t('openSite') : t('openPdf')}
                      <span className="sr-only"> — {c.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      {documents.length > 0 || groups.length === 0 ? (
        <section aria-labelledby="por-marca" className={groups.length > 0 ? 'mt-12' : undefined}>
          {groups.length > 0 ? (
            <>
              <h2 id="por-marca" className="mb-2 text-xl font-semibold text-slate-900">
                {t('byBrand')}
              </h2>
              <p className="mb-4 text-slate-600">{t('byBrandIntro')}</p>
            </>
          ) : (
            <h2 id="por-marca" className="sr-only">
              {t('byBrand')}
            </h2>
          )}
          <DocumentList documents={documents} emptyText={t('empty')} />
        </section>
      ) : null}
    </>
  );
}
