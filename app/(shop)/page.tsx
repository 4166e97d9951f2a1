import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ChapterGrid } from '@/components/catalogue/chapter-grid';
import { Button } from '@/components/ui/button';
import { formatInteger } from '@/lib/format';
import { getCatalogueTotals, listChaptersWithCounts } from '@/server/catalogue/chapters';
import { getShopInfo } from '@/server/shop/settings';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const [t, chapters, totals, shop] = await Promise.all([
    getTranslations('Home'),
    listChaptersWithCounts(),
    getCatalogueTotals(),
    getShopInfo(),
  ]);
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-sky-900 via-sky-800 to-cyan-700 text-white">
        <div className="mx-auto flex min-h-[calc(100svh-var(--header-height))] max-w-7xl flex-col justify-center gap-6 px-4 py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">
            {t('heroEyebrow', { year: shop.foundedYear ?? 1967 })}
          </p>
          <h1 className="max-w-3xl text-4xl font-bold leading-tight text-balance sm:text-6xl">{t('heroTitle')}</h1>
          {shop.tagline && <p className="text-2xl font-light text-cyan-100">{shop.tagline}</p>}
          <p className="max-w-2xl text-lg text-sky-100">
            {t('heroText', { products: formatInteger(totals.products), brands: totals.brands })}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" className="bg-white text-sky-900 hover:bg-sky-50">
              <Link href="/produtos">{t('exploreProducts')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white">
              <Link href="/contacto">{t('contactUs')}</Link>
            </Button>
          </div>
        </div>
      </section>
      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="categorias" className="text-3xl font-bold text-slate-900">
          {t('chaptersTitle')}
        </h2>
        <p className="mt-2 text-slate-600">{t('chaptersIntro')}</p>
        <ChapterGrid chapters={chapters} />
      </section>
    </>
  );
}
