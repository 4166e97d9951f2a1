import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/utils';

/** An address as an order keeps it (server/db AddressSnapshot) or as the customer saved it. */
export interface OrderAddressValue {
  label?: string | null;
  name: string;
  nif?: string | null;
  line1: string;
  line2?: string | null;
  postal_code: string;
  locality: string;
  country?: string | null;
  phone?: string | null;
}

/**
 * An address block: name, lines, postal code and locality, country, then the NIF (billing) and
 * phone when known. `showLabel` puts the address's own name ('Obra Gaia') first. Async server component.
 */
export async function OrderAddress({ address, showLabel = false, className, testId = 'order-address' }: { address: OrderAddressValue; showLabel?: boolean; className?: string; testId?: string }) {
  const t = await getTranslations('Orders.addressBlock');
  return (
    <address className={cn('not-italic leading-relaxed text-slate-800', className)} data-testid={testId}>
      {showLabel && address.label && <span className="block font-semibold text-slate-900">{address.label}</span>}
      <span className="block font-medium text-slate-900">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 && <span className="block">{address.line2}</span>}
      <span className="block">
        {address.postal_code} {address.locality}
      </span>
      {(!address.country || address.country === 'PT') && <span className="block">{t('country')}</span>}
      {address.country && address.country !== 'PT' && <span className="block">{address.country}</span>}
      {address.nif && (
        <span className="mt-1 block text-sm text-slate-700" data-testid={`${testId}-nif`}>
          {t('nif', { nif: address.nif })}
        </span>
      )}
      {address.phone && <span className="block text-sm text-slate-700">{t('phone', { phone: address.phone })}</span>}
    </address>
  );
}
