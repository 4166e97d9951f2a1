'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { formatAdminDateTime } from '@/lib/admin/format';
import { formatUnitPrice } from '@/lib/format';
import { useMessageText } from '@/lib/forms/use-message-text';
import type { AdminProductRow, BulkProductAction } from '@/lib/validation/admin-product';
import { bulkProductsAction } from '@/server/admin/product-actions';
import { ConfirmButton } from './confirm-button';
import type { ProductFormOptionsProps } from './product-form';
import { ColumnHeaders, right } from '@/components/ui/table';
import { useRowSelection } from '../use-row-selection';
import { BrandOptions, FamilyOptions, ToolbarField } from './catalogue-options';

function thumb(url: string): string {
  if (url.startsWith('/media/uploads/')) return `${url}?w=64`;
  if (url.startsWith('/media/') && url.endsWith('.svg')) return `${url.slice(0, -4)}.webp?w=64`;
  return url;
}

/**
 * The rows of /admin/products with a box each and the bulk actions on the ticked ones (activate,
 * deactivate, move to a family, set the brand), each confirmed first and reported by a toast.
 */
export function ProductTable({ rows, options }: { rows: AdminProductRow[]; options: ProductFormOptionsProps }) {
  const t = useTranslations('Admin.Products');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const { selected, allChecked, toggle, toggleAll, clear } = useRowSelection(rows);
  const [action, setAction] = React.useState<BulkProductAction | ''>('');
  const [familyId, setFamilyId] = React.useState('');
  const [brandId, setBrandId] = React.useState('');
  const ready = selected.size > 0 && action !== '' && (action !== 'move_family' || familyId !== '');

  const run = async () => {
    if (!action) return;
    const result = await bulkProductsAction({
      action,
      ids: [...selected],
      family_id: action === 'move_family' ? familyId : null,
      brand_id: action === 'set_brand' ? brandId || null : null,
    });
    if (!result.ok) {
      toast.error(text(Object.values(result.error.fieldErrors ?? {})[0]?.[0] ?? result.error.message));
      return;
    }
    toast.success(text(result.data.message, { changed: result.data.changed }));
    clear();
    router.refresh();
  };

  const select = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 rounded-xl border bg-white p-3" role="group" aria-label={t('bulkLabel')} data-testid="bulk-bar">
        <p className="text-sm text-slate-700" aria-live="polite">
          {t('selectedCount', { count: selected.size })}
        </p>
        <ToolbarField htmlFor={`${id}-action`} label={t('bulkAction')}>
          <select id={`${id}-action`} className={select} value={action} onChange={(e) => setAction(e.currentTarget.value as BulkProductAction | '')} data-testid="bulk-action">
            <option value="">{t('choose')}</option>
            <option value="activate">{t('bulk.activate')}</option>
            <option value="deactivate">{t('bulk.deactivate')}</option>
            <option value="move_family">{t('bulk.move_family')}</option>
            <option value="set_brand">{t('bulk.set_brand')}</option>
          </select>
        </ToolbarField>
        {action === 'move_family' ? (
          <ToolbarField htmlFor={`${id}-family`} label={t('fields.family_id')}>
            <select id={`${id}-family`} className={select} value={familyId} onChange={(e) => setFamilyId(e.currentTarget.value)}>
              <option value="">{t('choose')}</option>
              {options.chapters.map((c) => (
                <optgroup key={c.code} label={`${c.code} · ${c.title}`}>
                  <FamilyOptions families={options.families.filter((f) => f.chapterCode === c.code)} />
                </optgroup>
              ))}
            </select>
          </ToolbarField>
        ) : null}
        {action === 'set_brand' ? (
          <ToolbarField htmlFor={`${id}-brand`} label={t('fields.brand_id')}>
            <select id={`${id}-brand`} className={select} value={brandId} onChange={(e) => setBrandId(e.currentTarget.value)}>
              <option value="">{t('noBrand')}</option>
              <BrandOptions brands={options.brands} />
            </select>
          </ToolbarField>
        ) : null}
        <ConfirmButton
          label={t('apply')}
          title={t('bulkConfirmTitle', { count: selected.size })}
          description={action ? t(`bulkConfirm.${action}`, { count: selected.size }) : ''}
          confirm={t('apply')}
          cancel={t('cancel')}
          disabled={!ready}
          onConfirm={run}
          testId="bulk-apply"
        />
      </div>
      <div className="overflow-x-auto rounded-xl border bg-white">
        <table className="w-full text-left text-sm" data-testid="admin-products-table">
          <caption className="sr-only">{t('listCaption')}</caption>
          <thead className="border-b bg-slate-50 text-xs text-slate-700">
            <ColumnHeaders
              cellClassName="px-3 py-2"
              columns={[
                {
                  label: (
                    <input
                      type="checkbox"
                      className="size-4 accent-sky-700"
                      checked={allChecked}
                      onChange={toggleAll}
                      aria-label={t('selectAll')}
                    />
                  ),
                },
                { label: <span className="sr-only">{t('image')}</span> },
                t('fields.product_code'),
                t('fields.name'),
                t('chapterFamily'),
                t('fields.brand_id'),
                right(t('priceColumn')),
                t('stockColumn'),
                right(t('models')),
                t('fields.status'),
                t('updated'),
              ]}
            />
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b last:border-0 hover:bg-slate-50" data-testid="admin-product-row">
                <td className="px-3 py-2">
                  <input type="checkbox" className="size-4 accent-sky-700" checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={t('selectRow', { name: r.name })} />
                </td>
                <td className="px-3 py-2">
                  {/* eslint-disable-next-line @next/next/no-img-element -- small admin thumbnails */}
                  <img src={thumb(r.thumbUrl)} alt="" width={40} height={40} loading="lazy" className="size-10 rounded border object-cover" />
                </td>
                <td className="px-3 py-2 font-mono text-xs">{r.productCode}</td>
                <td className="px-3 py-2">
                  <Link href={`/admin/products/edit/${r.id}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                    {r.name}
                  </Link>
                </td>
                <td className="px-3 py-2 text-slate-700">
                  {r.chapterCode} · {r.familyTitle}
                </td>
                <td className="px-3 py-2 text-slate-700">{r.brandName ?? '—'}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-testid="admin-product-price">
                  {r.minPrice === null ? '—' : r.maxPrice !== null && r.maxPrice !== r.minPrice ? `${formatUnitPrice(r.minPrice)} – ${formatUnitPrice(r.maxPrice)}` : formatUnitPrice(r.minPrice)}
                </td>
                <td className="px-3 py-2 text-xs" data-testid="admin-product-stock">
                  <span className={r.stockStatus === 'in_stock' ? 'text-green-800' : r.stockStatus === 'on_order' ? 'text-amber-800' : 'text-slate-700'}>{t(`stock.${r.stockStatus}`)}</span>
                  {r.modelCount > 1 ? <span className="block text-slate-600">{t('stockModels', { inStock: r.inStockModels, total: r.modelCount })}</span> : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{r.modelCount}</td>
                <td className="px-3 py-2">
                  <span className={r.active ? 'rounded bg-green-50 px-2 py-0.5 text-xs text-green-800' : 'rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700'}>{r.active ? t('active') : t('inactive')}</span>
                </td>
                <td className="px-3 py-2 text-xs text-slate-700">
                  <time dateTime={r.updatedAt}>{formatAdminDateTime(r.updatedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="p-6 text-center text-slate-600">{t('empty')}</p> : null}
      </div>
    </div>
  );
}
