import { ModelAddCell, ModelPriceCell } from '@/components/cart/product-buy';
import { lineVariantText } from '@/lib/cart/line-label';
import type { StockStatus } from '@/lib/catalogue/types';

/** What a model card shows: the product page passes its models in (the page reads them on the server). */
export interface ModelCardValue {
  code: string;
  name: string;
  size: string | null;
  smallPackage: string | null;
  mediumPackage: string | null;
  largePackage: string | null;
  stockStatus: StockStatus;
  attributes: { name: string; value: string; unit: string | null }[];
}

const STOCK_LABEL: Record<ModelCardValue['stockStatus'], string> = {
  in_stock: 'Em stock',
  out_of_stock: 'Sem stock',
  on_order: 'Por encomenda',
};

const STOCK_TONE: Record<ModelCardValue['stockStatus'], string> = {
  in_stock: 'text-emerald-700',
  out_of_stock: 'text-red-700',
  on_order: 'text-amber-800',
};

export const modelStockLabel = (status: ModelCardValue['stockStatus']) => STOCK_LABEL[status];
export const modelStockTone = (status: ModelCardValue['stockStatus']) => STOCK_TONE[status];

/** A model's package sizes as the page lists them ('Unidade' when it is sold by the unit only). */
export function modelPackages(m: Pick<ModelCardValue, 'smallPackage' | 'mediumPackage' | 'largePackage'>): string {
  return [m.smallPackage, m.mediumPackage, m.largePackage].filter((x) => x && x !== '-').join(' · ') || 'Unidade';
}

/**
 * The product page's models below 768 px: one card per model — code, what
 * tells it apart, its attributes, packages and stock, then the price and the quantity row —
 * instead of the table, which would make the page wider than a phone. Server-rendered; the price
 * and the row are the same client leaves as the table's.
 */
export function ModelCards({ productCode, productName, models }: { productCode: string; productName: string; models: ModelCardValue[] }) {
  return (
    <ul className="space-y-3" data-testid="model-cards">
      {models.map((m) => {
        const variant = lineVariantText({ productName, modelName: m.name, size: m.size });
        return (
          <li key={m.code} className="rounded-xl border bg-white p-4" data-testid="model-card" data-model-code={m.code}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-semibold text-slate-900">{m.code}</p>
                {variant && <p className="text-sm text-slate-800">{variant}</p>}
              </div>
              <span className={`shrink-0 text-xs font-medium ${STOCK_TONE[m.stockStatus]}`}>{STOCK_LABEL[m.stockStatus]}</span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
              {m.attributes.slice(0, 5).map((a) => (
                <div key={a.name} className="contents">
                  <dt className="text-slate-600">{a.name}</dt>
                  <dd className="min-w-0 break-words text-slate-900">
                    {a.value}
                    {a.unit ? ` ${a.unit}` : ''}
                  </dd>
                </div>
              ))}
              <div className="contents">
                <dt className="text-slate-600">Embalagens</dt>
                <dd className="text-slate-900">{modelPackages(m)}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <div className="text-sm" data-slot="price">
                <span className="sr-only">Preço: </span>
                <ModelPriceCell modelCode={m.code} />
              </div>
              <ModelAddCell media="phone" productCode={productCode} modelCode={m.code} productName={productName} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
