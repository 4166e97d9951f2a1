'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch, jsonInit } from '@/components/admin/admin-fetch';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { CategoryPicker } from './category-picker';

export interface ClassifierTableRow {
  id: number;
  name: string;
  /** Second line: the family's code and chapter, or the product's code and family. */
  detail: string;
  productCount?: number;
  categoryPath: string | null;
  /** A product without its own category, following its family's. */
  inherited?: boolean;
  familyCategoryPath?: string | null;
  suggestion: { categoryId: number; categoryPath: string; keyword: string } | null;
}

/**
 * A list of families or products of one classifier tab, with a checkbox per row, the category
 * picker and "Atribuir às selecionadas" (bulk), "aplicar" beside a rule's suggestion, and, on
 * the classified tab, removing the category (a product then follows its family again).
 */
export function ClassifierTable({ kind, rows, classified }: { kind: 'family' | 'product'; rows: ClassifierTableRow[]; classified: boolean }) {
  const t = useTranslations('Admin.Classifier');
  const router = useRouter();
  const [selected, setSelected] = React.useState<Set<number>>(new Set());
  const [category, setCategory] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const send = (ids: number[], categoryId: number | null) =>
    adminFetch<{ changed: number }>('/api/admin/google-category-classifier/assign', jsonInit('POST', { kind, ids, categoryId }));

  const assign = async (ids: number[], categoryId: number | null) => {
    if (ids.length === 0) return;
    setBusy(true);
    const result = await send(ids, categoryId);
    setBusy(false);
    if (result.ok) {
      toast.success(result.message ?? t('assigned', { count: result.data?.changed ?? 0 }));
      setSelected(new Set());
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };

  /** Each selected row with a suggestion gets its own suggested category (one call per category). */
  const applySuggestions = async () => {
    const groups = new Map<number, number[]>();
    for (const r of rows) if (selected.has(r.id) && r.suggestion) groups.set(r.suggestion.categoryId, [...(groups.get(r.suggestion.categoryId) ?? []), r.id]);
    if (groups.size === 0) return;
    setBusy(true);
    let changed = 0;
    let failure: string | null = null;
    for (const [categoryId, ids] of groups) {
      const result = await send(ids, categoryId);
      if (result.ok) changed += result.data?.changed ?? 0;
      else failure ??= result.message ?? t('failed');
    }
    setBusy(false);
    if (failure) toast.error(failure);
    else toast.success(t('assigned', { count: changed }));
    setSelected(new Set());
    router.refresh();
  };
  const selectedWithSuggestion = rows.some((r) => selected.has(r.id) && r.suggestion);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (rows.length === 0) return <p className="rounded-xl border bg-white p-4 text-slate-700">{kind === 'family' ? t('emptyFamilies') : t('emptyProducts')}</p>;

  return (
    <div className="space-y-3" data-testid={`classifier-${kind}-${classified ? 'classified' : 'unclassified'}`}>
      <div className="overflow-x-auto rounded-xl border bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t('selectAll')}
                  checked={allChecked}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
                />
              </th>
              <th scope="col" className="px-3 py-2">{kind === 'family' ? t('colFamily') : t('colProduct')}</th>
              {kind === 'family' ? <th scope="col" className="px-3 py-2">{t('colProducts')}</th> : null}
              <th scope="col" className="px-3 py-2">{classified ? t('colCategory') : t('colSuggestion')}</th>
              {kind === 'product' && classified ? <th scope="col" className="px-3 py-2">{t('colFamilyCategory')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t align-top" data-row-name={r.name}>
                <td className="px-3 py-2">
                  <input type="checkbox" aria-label={t('selectRow', { name: r.name })} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                </td>
                <td className="px-3 py-2">
                  <p className="font-medium text-slate-900">{r.name}</p>
                  <p className="text-xs text-slate-600">{r.detail}</p>
                </td>
                {kind === 'family' ? <td className="px-3 py-2">{r.productCount ?? 0}</td> : null}
                <td className="px-3 py-2">
                  {classified ? (
                    r.inherited ? (
                      <span className="text-slate-600">
                        {r.familyCategoryPath} <span className="text-xs">({t('inherited')})</span>
                      </span>
                    ) : (
                      <span>{r.categoryPath}</span>
                    )
                  ) : r.suggestion ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <span>
                        {r.suggestion.categoryId} · {r.suggestion.categoryPath}{' '}
                        <span className="text-xs text-slate-600">({t('matchedBy', { keyword: r.suggestion.keyword })})</span>
                      </span>
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => void assign([r.id], r.suggestion!.categoryId)}
                        className="rounded border border-sky-800 px-2 py-0.5 text-xs font-medium text-sky-800 hover:bg-sky-50"
                        aria-label={t('applyLabel', { category: r.suggestion.categoryPath, name: r.name })}
                      >
                        {t('apply')}
                      </button>
                    </span>
                  ) : (
                    <span className="text-slate-500">{t('noSuggestion')}</span>
                  )}
                </td>
                {kind === 'product' && classified ? <td className="px-3 py-2 text-slate-700">{r.familyCategoryPath ?? t('none')}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-3 rounded-xl border bg-white p-4 md:grid-cols-[1fr_auto]">
        <CategoryPicker value={category} onChange={setCategory} id={`picker-${kind}-${classified ? 'c' : 'u'}`} />
        <div className="flex flex-col justify-end gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('selected', { count: selected.size })}
          </p>
          <Button type="button" disabled={busy || selected.size === 0 || category === null} onClick={() => void assign([...selected], category)}>
            {t('assignSelected')}
          </Button>
          {!classified ? (
            <Button type="button" variant="outline" disabled={busy || !selectedWithSuggestion} onClick={() => void applySuggestions()}>
              {t('applySuggestions')}
            </Button>
          ) : null}
          {classified ? (
            <Button type="button" variant="outline" disabled={busy || selected.size === 0} onClick={() => void assign([...selected], null)}>
              {kind === 'product' ? t('clearOverride') : t('clearCategory')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
