import { getTranslations } from 'next-intl/server';
import { formatDecimal, formatInteger } from '@/lib/format';
import { PAGE_TYPES, VITAL_METRICS, type VitalFigure, type VitalMetric, type VitalsSummary, type VitalsWindow } from '@/lib/vitals';

/** A p75 as staff read it: milliseconds (`2 450 ms`), CLS unitless (`0,08`). */
function p75Text(metric: VitalMetric, value: number | null): string {
  if (value === null) return '—';
  return metric === 'CLS' ? formatDecimal(value, 2, 3) : `${formatInteger(Math.round(value))}\u00a0ms`;
}

/**
 * Browser web vitals beside the cache figures: p75 of LCP, INP, CLS and TTFB per page type, for
 * the last 24 hours and the last 7 days (server/vitals), with the number of measurements behind
 * each figure.
 */
export async function VitalsTable({ summary }: { summary: VitalsSummary }) {
  const t = await getTranslations('Admin.Cache.vitals');
  const hasData = PAGE_TYPES.some((p) => VITAL_METRICS.some((m) => summary.week[p][m].count > 0));
  const cell = (metric: VitalMetric, figure: VitalFigure) => (
    <td key={metric} className="px-3 py-2 text-right" data-metric={metric}>
      <span className="font-medium" data-p75>{p75Text(metric, figure.p75)}</span>
      <span className="block text-xs text-slate-500">{t('measurements', { count: figure.count })}</span>
    </td>
  );
  const table = (window: VitalsWindow) => (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm" data-testid={`vitals-${window}`}>
        <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-900">{t(`window.${window}`)}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">{t('pageType')}</th>
            {VITAL_METRICS.map((m) => (
              <th key={m} scope="col" className="px-3 py-2 text-right">{t(`metrics.${m}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {PAGE_TYPES.map((page) => (
            <tr key={page} className="border-t" data-page-type={page}>
              <th scope="row" className="px-3 py-2 text-left font-medium">{t(`pages.${page}`)}</th>
              {VITAL_METRICS.map((m) => cell(m, summary[window][page][m]))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section className="space-y-4 rounded-xl border bg-white p-5" aria-labelledby="web-vitals">
      <div>
        <h2 id="web-vitals" className="text-lg font-semibold text-slate-900">{t('title')}</h2>
        <p className="text-sm text-slate-600">{t('intro')}</p>
      </div>
      {!hasData ? <p className="text-sm text-slate-600">{t('noData')}</p> : null}
      {table('day')}
      {table('week')}
    </section>
  );
}
