import { getTranslations } from 'next-intl/server';
import { lineVariantText } from '@/lib/cart/line-label';
import { formatInteger, formatPercent, formatPrice, formatUnitPrice } from '@/lib/format';
import type { OrderLineView } from '@/lib/orders/types';
import { cn } from '@/lib/utils';
import { ColumnHeaders, right } from '@/components/ui/table';

/**
 * The lines of an order: code, name with what tells the model apart (finish, size — once, from
 * lib/cart/line-label), packages × package, units, unit price without IVA (formatUnitPrice:
 * units × unit = the net line), discount, IVA rate and the line's totals without and with IVA.
 * The table scrolls inside its frame on a phone; the page itself does not. Async server
 * component; reused by the checkout review and success pages.
 */
export async function OrderLinesTable({ lines, caption, className }: { lines: readonly OrderLineView[]; caption: string; className?: string }) {
  const t = await getTranslations('Orders.lines');
  return (
    // Scrolls sideways inside its frame on a phone: the frame is focusable so that a keyboard can scroll it.
    <div role="region" aria-label={caption} tabIndex={0} className={cn('overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-sky-500', className)}>
      <table className="w-full min-w-[46rem] text-left text-sm" data-testid="order-lines">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <ColumnHeaders
            cellClassName="px-3 py-2 font-semibold"
            columns={[t('code'), t('name'), t('packages'), ...(['units', 'unitPrice', 'discount', 'vat', 'totalNet', 'totalWithVat'] as const).map((key) => right(t(key)))]}
          />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line) => {
            const variant = lineVariantText({ productName: line.product_name, modelName: line.model_name, size: line.size });
            return (
            <tr key={line.position} data-testid="order-line" data-model-code={line.model_code}>
              <td className="px-3 py-2 font-mono whitespace-nowrap">{line.model_code}</td>
              <td className="px-3 py-2">
                <span className="block font-medium text-slate-900">{line.product_name}</span>
                {variant && (
                  <span className="block text-xs text-slate-700" data-testid="line-variant">
                    {variant}
                  </span>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {t('packagesValue', { packages: formatInteger(line.packages), package: line.package_type })}
                {line.items_per_package > 1 && <span className="text-slate-600"> {t('perPackage', { count: formatInteger(line.items_per_package) })}</span>}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="order-line-units">
                {formatInteger(line.units)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap" data-testid="order-line-unit-price">
                {formatUnitPrice(line.unit_price)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{line.discount_percentage > 0 ? formatPercent(line.discount_percentage) : t('none')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPercent(line.tax_rate)}</td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap" data-testid="order-line-total">
                {formatPrice(line.total_price)}
              </td>
              <td className="px-3 py-2 text-right font-medium tabular-nums whitespace-nowrap text-slate-900">{formatPrice(line.total_price_with_tax)}</td>
            </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
