'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch, jsonInit } from '@/components/admin/admin-fetch';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatPercent } from '@/lib/format';
import { CategoryPicker } from './category-picker';
import { ColumnHeaders } from '@/components/ui/table';
import { useRowSelection } from '../use-row-selection';

export interface ClassifierSuggestionView {
  categoryId: number;
  categoryPath: string;
  confidence: number;
  confident: boolean;
  source: 'rule' | 'auto';
  keyword?: string;
  titleAgrees?: boolean;
  productsAgreeing?: number;
  productsTotal?: number;
}

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
  suggestion: ClassifierSuggestionView | null;
}

/**
 * A list of families or products of one classifier tab. Above the list (reachable without
 * scrolling past it): the category picker, "Atribuir às selecionadas", "Aplicar as sugestões"
 * (the confident ones only, the threshold stated beside it) and, on the classified tab, removing
 * the category. Each row: a checkbox, its suggestion with its confidence and "aplicar".
 */
export function ClassifierTable({
  kind,
  rows,
  classified,
  threshold,
  confidentTotal,
}: {
  kind: 'family' | 'product';
  rows: ClassifierTableRow[];
  classified: boolean;
  /** CONFIDENT_AT, 0 to 1. */
  threshold: number;
  /** Families: unclassified families with a confident suggestion, all pages (null: not counted). */
  confidentTotal?: number | null;
}) {
  const t = useTranslations('Admin.Classifier');
  const router = useRouter();
  const { selected, allChecked, toggle, toggleAll, clear } = useRowSelection(rows);
  const [category, setCategory] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const thresholdText = formatPercent(Math.round(threshold * 100));

  /** One call of the classifier API; the answer as a toast, the selection cleared after a success. */
  const post = async (action: 'assign' | 'apply', body: Record<string, unknown>) => {
    setBusy(true);
    const result = await adminFetch<{ changed: number }>(`/api/admin/google-category-classifier/${action}`, jsonInit('POST', { kind, ...body }));
    setBusy(false);
    if (result.ok) {
      toast.success(result.message ?? t('assigned', { count: result.data?.changed ?? 0 }));
      clear();
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };

  const assign = async (ids: number[], categoryId: number | null) => {
    if (ids.length === 0) return;
    await post('assign', { ids, categoryId });
  };

  /**
   * The confident suggestions, applied on the server (which recomputes them): of the selected
   * rows; with none selected, of every unclassified family, or of this page's products.
   */
  const applySuggestions = async () => {
    const ids = selected.size > 0 ? [...selected] : kind === 'product' ? rows.map((r) => r.id) : undefined;
    await post('apply', { ids });
  };


  if (rows.length === 0) return <p className="rounded-xl border bg-white p-4 text-slate-700">{kind === 'family' ? t('emptyFamilies') : t('emptyProducts')}</p>;

  const applyScope =
    selected.size > 0 ? t('applyScopeSelected', { count: selected.size }) : kind === 'family' ? t('applyScopeAllFamilies', { count: confidentTotal ?? 0 }) : t('applyScopePage');
  const hasConfident = selected.size > 0 ? rows.some((r) => selected.has(r.id) && r.suggestion?.confident) : kind === 'family' ? (confidentTotal ?? 0) > 0 : rows.some((r) => r.suggestion?.confident);

  return (
    <div className="space-y-3" data-testid={`classifier-${kind}-${classified ? 'classified' : 'unclassified'}`}>
      <section aria-label={t('toolbarLabel')} className="grid gap-4 rounded-xl border bg-white p-4 md:grid-cols-2" data-testid="classifier-toolbar">
        <div className="space-y-2">
          <CategoryPicker value={category} onChange={setCategory} id={`picker-${kind}-${classified ? 'c' : 'u'}`} />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" disabled={busy || selected.size === 0 || category === null} onClick={() => void assign([...selected], category)}>
              {t('assignSelected')}
            </Button>
            {classified ? (
              <Button type="button" variant="outline" disabled={busy || selected.size === 0} onClick={() => void assign([...selected], null)}>
                {kind === 'product' ? t('clearOverride') : t('clearCategory')}
              </Button>
            ) : null}
            <span className="text-sm text-slate-700" aria-live="polite">
              {t('selected', { count: selected.size })}
            </span>
          </div>
        </div>
        {!classified ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-700" id={`apply-hint-${kind}`}>
              {t('applyHint', { threshold: thresholdText })}
            </p>
            <Button type="button" variant="outline" disabled={busy || !hasConfident} onClick={() => void applySuggestions()} aria-describedby={`apply-hint-${kind}`}>
              {t('applySuggestions')}
            </Button>
            <p className="text-xs text-slate-600">{applyScope}</p>
          </div>
        ) : null}
      </section>
      <div className="overflow-x-auto rounded-xl border bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <ColumnHeaders
              cellClassName="px-3 py-2"
              columns={[
                { label: <input type="checkbox" aria-label={t('selectAll')} checked={allChecked} onChange={toggleAll} />, className: 'w-10' },
                kind === 'family' ? t('colFamily') : t('colProduct'),
                kind === 'family' && t('colProducts'),
                classified ? t('colCategory') : t('colSuggestion'),
                kind === 'product' && classified && t('colFamilyCategory'),
              ]}
            />
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
                    <SuggestionCell suggestion={r.suggestion} name={r.name} busy={busy} onApply={() => void assign([r.id], r.suggestion!.categoryId)} />
                  ) : (
                    <span className="text-slate-600">{t('noSuggestion')}</span>
                  )}
                </td>
                {kind === 'product' && classified ? <td className="px-3 py-2 text-slate-700">{r.familyCategoryPath ?? t('none')}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SuggestionCell({ suggestion: s, name, busy, onApply }: { suggestion: ClassifierSuggestionView; name: string; busy: boolean; onApply: () => void }) {
  const t = useTranslations('Admin.Classifier');
  const why =
    s.source === 'rule'
      ? t('matchedBy', { keyword: s.keyword ?? '' })
      : (s.productsAgreeing ?? 0) > 0
        ? t(s.titleAgrees ? 'evidenceTitleProducts' : 'evidenceProducts', { agreeing: s.productsAgreeing ?? 0, total: s.productsTotal ?? 0 })
        : t('evidenceTitle');
  return (
    <span className="flex flex-wrap items-start gap-2" data-testid="suggestion" data-category-id={s.categoryId} data-confident={s.confident ? 'true' : 'false'}>
      <span className="min-w-0 flex-1">
        <span className="block">
          {s.categoryId} · {s.categoryPath}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-700">
          <span className={`rounded-full border px-2 py-0.5 font-medium ${s.confident ? 'border-emerald-700 text-emerald-800' : 'border-amber-700 text-amber-800'}`}>
            {t(s.confident ? 'confidence' : 'confidenceLow', { value: formatPercent(Math.round(s.confidence * 100)) })}
          </span>
          <span>{why}</span>
        </span>
      </span>
      <button
        type="button"
        disabled={busy}
        onClick={onApply}
        className="rounded border border-sky-800 px-2 py-0.5 text-xs font-medium text-sky-800 hover:bg-sky-50"
        aria-label={t('applyLabel', { category: s.categoryPath, name })}
      >
        {t('apply')}
      </button>
    </span>
  );
}
