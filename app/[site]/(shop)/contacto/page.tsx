import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { clientMessages } from '@/lib/i18n/client-messages';
import {
  ClockIcon,
  ExternalLinkIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  WarehouseIcon,
  type LucideIcon,
} from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ContactForm } from '@/components/contact/contact-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getShopInfo } from '@/server/shop/settings';

export const revalidate = 3600;

const PAGE_PATH = '/contacto';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Contact');
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    alternates: { canonical: PAGE_PATH },
  };
}

const DETAIL_TITLE_CLASS = 'flex items-center gap-2 font-semibold text-slate-900';
const DETAIL_ICON_CLASS = 'size-5 text-sky-700';

/** One card of the shop's details: an icon and a title (`<h3>`) over its content, or only the content. */
function DetailsCard({ icon: Icon, title, children }: { icon?: LucideIcon; title?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      {Icon && title ? (
        <h3 className={DETAIL_TITLE_CLASS}>
          <Icon aria-hidden className={DETAIL_ICON_CLASS} />
          {title}
        </h3>
      ) : null}
      {children}
    </div>
  );
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export default async function ContactPage() {
  const [shop, t] = await Promise.all([getShopInfo(), getTranslations('Contact')]);
  const linkClass =
    'font-medium text-sky-800 underline-offset-4 hover:text-sky-900 hover:underline';
  /** Phone and e-mail: how to reach the shop, each a link. */
  const reach = [
    { icon: PhoneIcon, label: t('phone'), href: telHref(shop.phone), text: shop.phone },
    { icon: MailIcon, label: t('email'), href: `mailto:${shop.email}`, text: shop.email },
  ];

  return (
    <NextIntlClientProvider messages={clientMessages(['Contact'])}>
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
        <Breadcrumbs items={[{ label: t('title'), href: PAGE_PATH }]} />
        <header className="mt-8 max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('intro')}</p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_3fr]">
          <section aria-labelledby="contact-details" className="space-y-6">
            <h2 id="contact-details" className="sr-only">
              {t('detailsTitle')}
            </h2>

            <DetailsCard icon={MapPinIcon} title={t('shop')}>
              <address className="mt-2 not-italic leading-relaxed text-slate-700">
                {shop.name}
                <br />
                {shop.address}
                <br />
                {shop.postalCode} {shop.city}
              </address>
              {shop.mapsUrl && (
                <a
                  href={shop.mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`mt-3 inline-flex items-center gap-1 ${linkClass}`}
                >
                  {t('mapsLink')}
                  <ExternalLinkIcon aria-hidden className="size-4" />
                  <span className="sr-only">{t('mapsLinkHint')}</span>
                </a>
              )}
            </DetailsCard>

            {shop.warehouse && (
              <DetailsCard icon={WarehouseIcon} title={t('warehouse')}>
                <address className="mt-2 not-italic leading-relaxed text-slate-700">
                  {shop.warehouse.address}
                  <br />
                  {shop.warehouse.postalCode} {shop.warehouse.city}
                  {shop.warehouse.phone && (
                    <>
                      <br />
                      <a href={telHref(shop.warehouse.phone)} className={linkClass}>
                        {shop.warehouse.phone}
                      </a>
                    </>
                  )}
                </address>
              </DetailsCard>
            )}

            <DetailsCard>
              <dl className="space-y-4">
                {reach.map(({ icon: Icon, label, href, text }) => (
                  <div key={href}>
                    <dt className={DETAIL_TITLE_CLASS}>
                      <Icon aria-hidden className={DETAIL_ICON_CLASS} />
                      {label}
                    </dt>
                    <dd className="mt-1">
                      <a href={href} className={linkClass}>
                        {text}
                      </a>
                    </dd>
                  </div>
                ))}
              </dl>
            </DetailsCard>

            <DetailsCard icon={ClockIcon} title={t('hours')}>
              <dl className="mt-2 space-y-2 text-slate-700">
                {shop.hours.map((h) => (
                  <div key={h.days} className="flex flex-wrap justify-between gap-x-4">
                    <dt className="font-medium text-slate-900">{h.days}</dt>
                    <dd>{h.periods.join(' e ')}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-sm text-slate-500">{t('closedNote')}</p>
            </DetailsCard>
          </section>

          <Card className="h-fit">
            <CardHeader>
              <CardTitle>
                <h2 className="text-xl">{t('formTitle')}</h2>
              </CardTitle>
              <CardDescription>{t('formIntro')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
