import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CartPageView } from '@/components/cart/cart-page-view';
import { SaveCartToJobList } from '@/components/job-lists/save-to-job-list';
import { RequestQuoteButton } from '@/components/quotes/request-quote';
import { ALL_FLAGS_ON, flagsForSiteKey } from '@/lib/flags';
import { clientMessages } from '@/lib/i18n/client-messages';
import { saveToJobListTexts } from '@/server/worksite-lists/texts';

/**
 * /cart: the same shell for everyone (cached like the other shop pages); the lines, prices and
 * the quick order are a client leaf reading the private cart calls (spec 7). Usable by guests
 * on every host (spec 1).
 */
export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('CartPage');
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    alternates: { canonical: '/cart' },
    robots: { index: false, follow: true },
  };
}

export default async function CartPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const t = await getTranslations('CartPage');
  return (
    <NextIntlClientProvider messages={clientMessages(['CartPage'])}>
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
        <Breadcrumbs items={[{ label: t('metaTitle'), href: '/cart' }]} />
        <h1 className="mb-6 mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
        <CartPageView
          quoteAction={
            <NextIntlClientProvider messages={clientMessages(['QuoteRequest'])}>
              <RequestQuoteButton source={{ kind: 'cart' }} className="w-full" />
            </NextIntlClientProvider>
          }
        />
        {/* "Guardar o carrinho numa obra": a signed-in customer's lines into a job list. */}
        {(flagsForSiteKey(site) ?? ALL_FLAGS_ON).ENABLE_DASHBOARD && <SaveCartToJobList texts={saveToJobListTexts()} />}
      </div>
    </NextIntlClientProvider>
  );
}
