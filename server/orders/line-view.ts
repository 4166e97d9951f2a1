import 'server-only';
import { formatInteger, formatPrice, formatUnitPrice } from '@/lib/format';
import type { OrderLineView } from '@/lib/orders/types';
import type { OrderStatus } from '@/lib/orders/status';
import type { QuoteStatus } from '@/lib/quotes/status';
import type { OrderLineRow } from '@/server/db/schema';

/**
 * The API view of what an order line and a quote line share: the model as it was when the line
 * was written (`lineSnapshotColumns` in the schema). Prices differ between the two and are mapped
 * by each caller.
 */
type LineSnapshotRow = Pick<
  OrderLineRow,
  'position' | 'modelId' | 'modelCode' | 'productCode' | 'productName' | 'modelName' | 'size' | 'packageType' | 'itemsPerPackage' | 'packages' | 'units'
>;
type LineSnapshotView = Pick<
  OrderLineView,
  'position' | 'model_id' | 'model_code' | 'product_code' | 'product_name' | 'model_name' | 'size' | 'package_type' | 'items_per_package' | 'packages' | 'units'
>;

export function lineSnapshotView(l: LineSnapshotRow): LineSnapshotView {
  return {
    position: l.position,
    model_id: l.modelId,
    model_code: l.modelCode,
    product_code: l.productCode,
    product_name: l.productName,
    model_name: l.modelName,
    size: l.size,
    package_type: l.packageType,
    items_per_package: l.itemsPerPackage,
    packages: l.packages,
    units: l.units,
  };
}

/** A status change of an order or a quote as the detail views list it (`statusEventColumns`). */
export function statusHistoryView<S extends OrderStatus | QuoteStatus>(e: { fromStatus: S | null; toStatus: S; actor: string; note: string | null; createdAt: Date }) {
  return { from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() };
}

/** The figures of a priced line as its mail writes them (packages, units, unit price, net and gross totals). */
export function pricedLineFigures(l: Pick<OrderLineView, 'packages' | 'package_type' | 'units' | 'unit_price' | 'total_price' | 'total_price_with_tax'>) {
  return {
    packages: formatInteger(l.packages),
    package: l.package_type,
    units: formatInteger(l.units),
    unit: formatUnitPrice(l.unit_price),
    net: formatPrice(l.total_price),
    gross: formatPrice(l.total_price_with_tax),
  };
}
