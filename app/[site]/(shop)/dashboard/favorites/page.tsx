import type { Metadata } from 'next';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ArrowRight, HeartIcon } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CatalogueImage } from '@/components/catalogue/catalogue-image';
import { FavouriteToggle } from '@/components/favourites/favourite-toggle';
import { SaveOfflineButton } from '@/components/pwa/save-offline-button';
import { Button } from '@/components/ui/button';
import { ListTable } from '@/components/ui/list-table';
import { AccountEmptyState, AccountListSection } from '@/components/account/account-section';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { clientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { listFavouriteProducts, type FavouriteModel } from '@/server/favourites/favourites';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/favorites';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('FavouritesPage');
  return pageMetadata({ title: t('title'), description: t('description'), path: PAGE_PATH, noindex: true });
}

const STOCK_KEY = { in_stock: 'inStock', out_of_stock: 'outOfStock', on_order: 'onOrder' } as const;
const STOCK_TONE = { in_stock: 'text-emerald-700', out_of_stock: 'text-red-700', on_order: 'text-amber-700' } as const;

function packagesOf(m: FavouriteModel): string | null {
  return [m.smallPackage, m.mediumPackage, m.largePackage].filter((x) => x && x !== '-').join(' · ') || null;
}

/**
 * /dashboard/favorites — the signed-in customer's favourite products (spec 2.3), newest
 * first, with their models; /favoritos redirects here (spec 2.2, lib/redirects.ts). Gated like
 * the rest of the account area: login, and the dashboard and favourites flags (admins pass).
 */
export default async function FavouritesPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const [items, t] = await Promise.all([listFavouriteProducts(viewer.id), getTranslations('FavouritesPage')]);

  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('title'), href: PAGE_PATH }]} />
      <AccountListSection id="favoritos" title={t('title')} count={items.length > 0 && t('count', { count: items.length })}>

        {items.length === 0 ? (
          <AccountEmptyState icon={HeartIcon} title={t('emptyTitle')} text={t('emptyText')} testId="favourites-empty">
            <Button asChild className="mt-5">
              <Link href="/produtos">
                {t('browse')}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </AccountEmptyState>
        ) : (
          <>
            <p className="text-slate-700">{t('intro')}</p>
            <NextIntlClientProvider messages={clientMessages(['OfflineSave'])}>
              <SaveOfflineButton groupId="favourites" label={t('title')} urls={[PAGE_PATH, ...items.map((item) => item.path)]} />
            </NextIntlClientProvider>
            <ul className="space-y-6" data-testid="favourites-list">
              {items.map((item) => (
                <li key={item.productCode} data-testid="favourite-item" data-product-code={item.productCode}>
                  <article aria-labelledby={`fav-${item.productCode}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
                    <div className="flex flex-col gap-4 sm:flex-row">
                      <Link href={item.path} className="block size-28 shrink-0 overflow-hidden rounded-md bg-slate-50" tabIndex={-1} aria-hidden>
                        <CatalogueImage src={rasterMediaUrl(item.imageUrl, 160, 'webp', 75)} alt="" width={112} height={112} loading="lazy" decoding="async" className="size-full object-cover" />
                      </Link>
                      <div className="min-w-0 flex-1 space-y-1">
                        <h3 id={`fav-${item.productCode}`} className="text-lg font-semibold leading-snug text-slate-900">
                          <Link href={item.path} className="hover:underline">
                            {item.name}
                          </Link>
                        </h3>
                        <p className="text-sm text-slate-600">
                          Ref. <span className="font-mono">{item.productCode}</span>
                          {item.brandName ? ` · ${item.brandName}` : ''}
                        </p>
                        <p className="text-sm">
                          <span className="sr-only">{t('family')}: </span>
                          <Link href={item.familyPath} className="text-sky-800 hover:underline">
                            {item.familyTitle}
                          </Link>
                        </p>
                      </div>
                      <div className="flex shrink-0 flex-row flex-wrap items-start gap-2 sm:flex-col sm:items-end">
                        {/*
                          The cart takes a model, not a product: the button leads to the product
                          page, whose model list holds the add-to-cart (`item.models` are the
                          product's models, their `id` what the cart calls take as `product_id`).
                        */}
                        <Button asChild size="sm" data-slot="add-to-cart">
                          <Link href={item.path}>
                            {t('viewProduct')}
                            <ArrowRight aria-hidden />
                          </Link>
                        </Button>
                        <FavouriteToggle productCode={item.productCode} variant="labelled" favourite refreshOnRemove className="h-8" />
                      </div>
                    </div>

                    {item.models.length === 0 ? (
                      <p className="mt-4 text-sm text-slate-600">{t('noModels')}</p>
                    ) : (
                      <ListTable
                        density="strong"
                        caption={t('modelsCaption', { product: item.name })}
                        tableClassName="min-w-[28rem]"
                        framed={false}
                        className="mt-4 rounded-md border"
                        columns={[t('code'), t('size'), t('packages'), t('stock')]}
                      >
                        <tbody className="divide-y">
                          {item.models.map((m) => (
                            <tr key={m.code}>
                              <td className="px-3 py-2 font-mono">{m.code}</td>
                              <td className="px-3 py-2">{m.size || '—'}</td>
                              <td className="px-3 py-2">{packagesOf(m) ?? t('unit')}</td>
                              <td className={`px-3 py-2 ${STOCK_TONE[m.stockStatus]}`}>{t(STOCK_KEY[m.stockStatus])}</td>
                            </tr>
                          ))}
                        </tbody>
                      </ListTable>
                    )}
                  </article>
                </li>
              ))}
            </ul>
          </>
        )}
      </AccountListSection>
    </div>
  );
}
