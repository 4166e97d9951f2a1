import type * as React from 'react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { NewsletterFooterForm } from '@/components/newsletter/newsletter-footer-form';
import type { ShopInfo } from '@/lib/catalogue/types';

/** The national complaints book (used when the shop settings name none). */
export const COMPLAINTS_BOOK_URL = 'https://www.livroreclamacoes.pt/';

/** A column of the footer: a titled section (the title names it for assistive technology). */
function FooterSection({ id, title, className, children }: { id: string; title: string; className?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The shop footer (spec 2.6): address, warehouse, phone, e-mail, hours, maps and social links,
 * the newsletter form, the complaints book, the legal links and the current year.
 */
export async function SiteFooter({ shop }: { shop: ShopInfo }) {
  const t = await getTranslations('Footer');
  const sheets = await getTranslations('TechnicalSheets.centre');
  const year = new Date().getFullYear();
  const complaintsBookUrl = shop.complaintsBookUrl || COMPLAINTS_BOOK_URL;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <FooterSection id="footer-shop" title={t('shop')}>
          <address className="not-italic leading-relaxed">
            {shop.name}
            <br />
            {shop.address}
            <br />
            {shop.postalCode} {shop.city}
          </address>
          {shop.mapsUrl && (
            <a
              href={shop.mapsUrl}
              className="mt-2 inline-block text-sky-300 underline-offset-4 hover:underline"
              rel="noopener"
              target="_blank"
            >
              {t('mapsLink')}
            </a>
          )}
        </FooterSection>
        {shop.warehouse && (
          <FooterSection id="footer-warehouse" title={t('warehouse')}>
            <address className="not-italic leading-relaxed">
              {shop.warehouse.address}
              <br />
              {shop.warehouse.postalCode} {shop.warehouse.city}
              {shop.warehouse.phone && (
                <>
                  <br />
                  <a
                    href={`tel:${shop.warehouse.phone.replace(/\s/g, '')}`}
                    className="hover:text-white"
                  >
                    {shop.warehouse.phone}
                  </a>
                </>
              )}
            </address>
          </FooterSection>
        )}
        <FooterSection id="footer-contacts" title={t('contacts')}>
          <p>
            <a href={`tel:${shop.phone.replace(/\s/g, '')}`} className="hover:text-white">
              {shop.phone}
            </a>
            <br />
            <a href={`mailto:${shop.email}`} className="hover:text-white">
              {shop.email}
            </a>
          </p>
          <ul className="mt-3 flex gap-3" aria-label={t('social')}>
            {shop.socialLinks.map((s) => (
              <li key={s.network}>
                <a href={s.url} className="hover:text-white" rel="noopener" target="_blank">
                  {s.network}
                </a>
              </li>
            ))}
          </ul>
        </FooterSection>
        <FooterSection id="footer-hours" title={t('hours')}>
          <dl className="space-y-1">
            {shop.hours.map((h) => (
              <div key={h.days}>
                <dt className="text-white">{h.days}</dt>
                <dd>{h.periods.join(' · ')}</dd>
              </div>
            ))}
          </dl>
        </FooterSection>
        <FooterSection id="footer-newsletter" title={t('newsletterTitle')} className="sm:col-span-2 lg:col-span-1">
          <NewsletterFooterForm />
        </FooterSection>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 text-sm">
          <p>{t('rights', { year, name: shop.name })}</p>
          <nav aria-label={t('legalNav')} className="flex flex-wrap gap-x-4 gap-y-1 sm:ml-auto">
            {[
              { href: '/condicoes-gerais-de-venda', label: t('salesConditions') },
              { href: '/garantias-e-assistencia', label: t('warranty') },
              { href: '/fichas-tecnicas', label: sheets('footerLink') },
              { href: '/sitemap', label: t('sitemap') },
            ].map((link) => (
              <Link key={link.href} href={link.href} className="hover:text-white">
                {link.label}
              </Link>
            ))}
            <a
              href={complaintsBookUrl}
              className="hover:text-white"
              rel="noopener noreferrer"
              target="_blank"
            >
              {t('complaintsBook')}
              <span className="sr-only"> {t('externalLink')}</span>
            </a>
          </nav>
        </div>
      </div>
    </footer>
  );
}
