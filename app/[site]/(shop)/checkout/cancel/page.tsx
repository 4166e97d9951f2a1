import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/checkout/cancel';

export const metadata: Metadata = pageMetadata({
  title: 'Encomenda não concluída',
  description: 'A encomenda não foi concluída; o carrinho foi mantido.',
  path: PAGE_PATH,
  noindex: true,
});

/**
 * /checkout/cancel (spec 2.1): where a checkout left unfinished lands (a payment
 * abandoned at the provider, 'Cancelar'): nothing was ordered and the cart is kept as it was.
 */
export default async function CheckoutCancelPage() {
  await requirePageAccess(PAGE_PATH);
  const t = await getTranslations('CheckoutPage.cancel');
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8">
      <Breadcrumbs items={[{ label: t('title'), href: PAGE_PATH }]} />
      <h1 className="mb-4 mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <div className="space-y-4 rounded-xl border bg-white p-6 text-slate-700">
        <p>{t('kept')}</p>
        <p>{t('help')}</p>
        <div className="flex flex-wrap gap-3 pt-2">
          <Link href="/checkout" className="rounded-md bg-sky-700 px-4 py-2.5 font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60">
            {t('retry')}
          </Link>
          <Link href="/cart" className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            {t('cart')}
          </Link>
          <Link href="/contacto" className="px-2 py-2.5 font-medium text-sky-800 hover:underline">
            {t('contact')}
          </Link>
        </div>
      </div>
    </div>
  );
}
