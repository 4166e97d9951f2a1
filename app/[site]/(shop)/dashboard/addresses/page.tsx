import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { MapPin, Plus } from 'lucide-react';
import { AddressActions } from '@/components/account/address-actions';
import { AddressDialog } from '@/components/account/address-dialog';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { OrderAddress } from '@/components/orders/order-address';
import { Button } from '@/components/ui/button';
import { AccountEmptyState } from '@/components/account/account-section';
import { clientMessages } from '@/lib/i18n/client-messages';
import { compiledMessages } from '@/lib/i18n/compiled-messages';
import { pageMetadata } from '@/lib/seo';
import { listAddresses } from '@/server/addresses';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/addresses';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Account.addresses');
  return pageMetadata({ title: t('title'), description: t('description'), path: PAGE_PATH, noindex: true });
}

/**
 * The address form's field messages are the checkout's (`Orders.validation`): only that part of
 * the Orders texts travels to the browser, beside the account area's own.
 */
const messages = { ...clientMessages(['Account']), Orders: { validation: compiledMessages.Orders.validation } };

/**
 * /dashboard/addresses — the customer's delivery and billing addresses (spec 2.3):
 * defaults first, each with edit, 'use for delivery/billing' and delete (confirmed); an empty
 * state that invites the first one. Orders keep their own copy of an address.
 */
export default async function AddressesPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const [addresses, t] = await Promise.all([listAddresses(viewer.id), getTranslations('Account.addresses')]);
  const addButton = (label: string) => (
    <Button type="button" data-testid="address-add">
      <Plus aria-hidden />
      {label}
    </Button>
  );

  return (
    <NextIntlClientProvider messages={messages}>
      <div className="space-y-8">
        <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('title'), href: PAGE_PATH }]} />
        <section aria-labelledby="moradas" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="moradas" className="text-2xl font-bold tracking-tight text-slate-900">
                {t('title')}
              </h2>
              {addresses.length > 0 && <p className="text-sm text-slate-600">{t('count', { count: addresses.length })}</p>}
            </div>
            {addresses.length > 0 && <AddressDialog trigger={addButton(t('add'))} />}
          </div>

          {addresses.length === 0 ? (
            <AccountEmptyState icon={MapPin} title={t('emptyTitle')} text={t('emptyText')} testId="addresses-empty">
              <div className="mt-5">
                <AddressDialog trigger={addButton(t('addFirst'))} />
              </div>
            </AccountEmptyState>
          ) : (
            <>
              <p className="text-slate-700">{t('intro')}</p>
              <ul aria-label={t('listLabel')} className="grid gap-4 md:grid-cols-2" data-testid="addresses-list">
                {addresses.map((address) => (
                  <li key={address.id} data-testid="address-card" data-address-label={address.label}>
                    <article aria-labelledby={`morada-${address.id}`} className="flex h-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h3 id={`morada-${address.id}`} className="text-lg font-semibold text-slate-900">
                          {address.label}
                        </h3>
                        <div className="flex flex-wrap gap-1.5">
                          {address.is_default_delivery && (
                            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900" data-testid="address-badge-delivery">
                              {t('defaultDelivery')}
                            </span>
                          )}
                          {address.is_default_billing && (
                            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900" data-testid="address-badge-billing">
                              {t('defaultBilling')}
                            </span>
                          )}
                        </div>
                      </div>
                      <OrderAddress address={address} className="flex-1 text-sm" />
                      <AddressActions address={address} />
                    </article>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </NextIntlClientProvider>
  );
}
