import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CampaignCarousel } from '@/components/catalogue/campaign-carousel';
import { campaignImage } from '@/components/catalogue/campaign-card';
import { ChapterGrid } from '@/components/catalogue/chapter-grid';
import { NewsletterBanner } from '@/components/newsletter/newsletter-banner';
import { JsonLd } from '@/components/seo/json-ld';
import { Button } from '@/components/ui/button';
import { formatInteger } from '@/lib/format';
import { siteUrl } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';
import { listCurrentCampaigns } from '@/server/campaigns/queries';
import { getCatalogueTotals, listChaptersWithCounts } from '@/server/catalogue/chapters';
import { listPartnerLogos } from '@/server/catalogue/partners';
import { getShopInfo } from '@/server/shop/settings';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Casa das Águas de Gaia — canalização, sanitários, aquecimento e piscinas',
  description:
    'Distribuidor de canalização, salas de banho, aquecimento, climatização, piscinas e combate a incêndio em Vila Nova de Gaia desde 1967. Showroom, armazém e aconselhamento.',
  path: '/',
});

export default async function HomePage() {
  const [t, chapters, totals, shop, partners, featured] = await Promise.all([
    getTranslations('Home'),
    listChaptersWithCounts(),
    getCatalogueTotals(),
    getShopInfo(),
    listPartnerLogos(),
    listCurrentCampaigns({ featuredOnly: true }),
  ]);
  const base = siteUrl();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-sky-900 via-sky-800 to-cyan-700 text-white">
        <div className="mx-auto flex min-h-svh max-w-7xl flex-col justify-center gap-6 px-4 pt-[calc(var(--header-height)+var(--phone-search-height)+3rem)] pb-20 md:pt-[calc(var(--header-height)+var(--nav-height)+3rem)]">
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
      {partners.length > 0 && (
        <section aria-label="Marcas parceiras" className="border-b bg-white">
          <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-10 gap-y-4 px-4 py-8" data-testid="partner-logos">
            {partners.map((p) => (
              <li key={p.name}>
                <Link href="/produtos-por-marca" className="block opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0" title={p.name}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG logos */}
                  <img src={p.url} alt={p.name} width={150} height={50} loading="lazy" className="h-10 w-auto" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {featured.length > 0 && (
        <section aria-labelledby="campanhas-destaque" className="mx-auto max-w-7xl px-4 pt-16">
          <div className="mb-6 flex items-end justify-between gap-4">
            <h2 id="campanhas-destaque" className="text-3xl font-bold text-slate-900">
              Campanhas em destaque
            </h2>
            <Link href="/campanhas" className="text-sm font-semibold text-sky-800 hover:underline">
              Ver todas as campanhas →
            </Link>
          </div>
          <CampaignCarousel
            campaigns={featured.map((c) => ({ slug: c.slug, title: c.title, description: c.description, category: c.category, image: campaignImage(c.imageUrl, 1280) }))}
          />
        </section>
      )}
      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="categorias" className="text-3xl font-bold text-slate-900">
          {t('chaptersTitle')}
        </h2>
        <p className="mt-2 text-slate-600">{t('chaptersIntro')}</p>
        <ChapterGrid chapters={chapters} />
      </section>
      <NewsletterBanner />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': ['LocalBusiness', 'HomeGoodsStore'],
          '@id': `${base}/#loja`,
          name: shop.name,
          slogan: shop.tagline ?? undefined,
          url: base,
          telephone: shop.phone,
          email: shop.email,
          foundingDate: shop.foundedYear ? String(shop.foundedYear) : undefined,
          numberOfEmployees: shop.employees ? { '@type': 'QuantitativeValue', value: shop.employees } : undefined,
          priceRange: shop.priceRange ?? '€€',
          image: `${base}/media/chapters/10.png?w=1200`,
          address: { '@type': 'PostalAddress', streetAddress: shop.address, postalCode: shop.postalCode, addressLocality: shop.city, addressCountry: shop.country },
          openingHoursSpecification: [
            { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:30', closes: '12:30' },
            { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '14:30', closes: '19:00' },
            { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '09:00', closes: '12:30' },
          ],
          sameAs: shop.socialLinks.map((s) => s.url),
        }}
      />
    </>
  );
}
