import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CartLineImage } from '@/components/cart/cart-line-image';
import { cartLineIdentity, lineVariantText } from '@/lib/cart/line-label';
import type { CartItem } from '@/lib/cart/types';
import { formatInteger, formatPercent, formatPrice, formatUnitPrice } from '@/lib/format';

/**
 * The lines of the checkout review, rendered on the server from the cart priced at
 * this moment: model, size, packages × package and units, unit price (net, with the discount of a
 * professional; formatUnitPrice, so units × unit = the net line), IVA rate and the line's total
 * with IVA. A line that can no longer be bought is
 * marked; placing stays refused until it leaves the cart.
 */
export async function ReviewLines({ lines, pro }: { lines: CartItem[]; pro: boolean }) {
  const t = await getTranslations('CheckoutPage.lines');
  return (
    <ul className="divide-y rounded-xl border bg-white" data-testid="checkout-lines">
      {lines.map((line) => {
        const product = line.product;
        const name = (product && cartLineIdentity(line).displayName) || String(line.product_id);
        const units = line.quantity_of_packages * line.items_per_package;
        // Finish, size: what tells this line from another model of the same product (the package is in the quantity below).
        const variant = product ? lineVariantText({ ...cartLineIdentity(line), itemsPerPackage: 1 }) : '';
        const unavailable = !product?.active || line.total_price === null;
        return (
          <li key={line.id} className="flex gap-4 p-4" data-testid="checkout-line">
            <CartLineImage item={line} size={64} quality={60} className="size-16 shrink-0 rounded-md border" />
            <div className="min-w-0 flex-1 space-y-1">
              {product ? (
                <Link href={product.url} className="font-semibold text-slate-900 hover:underline">
                  {name}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{name}</span>
              )}
              {variant && (
                <p className="text-sm font-medium text-slate-800" data-testid="line-variant">
                  {variant}
                </p>
              )}
              <p className="text-sm text-slate-600">{t('code', { code: product?.code ?? '' })}</p>
              <p className="text-sm text-slate-700">
                {t('quantity', {
                  packages: formatInteger(line.quantity_of_packages),
                  package: line.selected_package_type,
                  units: formatInteger(units),
                })}
              </p>
              {unavailable ? (
                <p className="text-sm font-semibold text-red-700">{t('unavailable')}</p>
              ) : (
                <p className="text-sm text-slate-600" data-testid="checkout-line-unit">
                  {t('unitPrice', { price: formatUnitPrice(line.unit_price_at_purchase), tax: formatPercent(line.tax_rate ?? 23) })}
                  {pro && line.discount_percentage
                    ? ` · ${t('discount', { base: formatUnitPrice(line.base_unit_price), discount: formatPercent(line.discount_percentage) })}`
                    : ''}
                </p>
              )}
            </div>
            <div className="shrink-0 text-right">
              {!unavailable && (
                <>
                  <p className="font-semibold text-slate-900" data-testid="checkout-line-total">
                    {formatPrice(line.total_price_with_tax)}
                  </p>
                  <p className="text-xs text-slate-600" data-testid="checkout-line-net">
                    {t('net', { price: formatPrice(line.total_price) })}
                  </p>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
