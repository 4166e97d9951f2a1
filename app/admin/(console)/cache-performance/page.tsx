import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CacheActions } from '@/components/admin/cache/cache-actions';
import { LineChart } from '@/components/admin/cache/line-chart';
import { VitalsTable } from '@/components/admin/cache/vitals-table';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ListTable } from '@/components/ui/list-table';
import { formatInteger, formatPercent } from '@/lib/format';
import { requirePageAccess } from '@/server/auth/session';
import { cacheTags, CATALOGUE_WIDE_TAGS } from '@/server/cache/tags';
import { CACHE_IDS, cacheSeries, cacheSnapshot, pageCacheLimitBytes, type SeriesWindow } from '@/server/cache/metrics';
import { currentVitalsSummary } from '@/server/vitals';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Desempenho da cache', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/cache-performance';
/** The right-aligned figure columns after the cache's name, in the order of the table. */
const FIGURE_COLUMNS = ['hits', 'misses', 'hitRate', 'entries', 'size', 'evictions', 'invalidations'] as const;

function bytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1).replace('.', ',')} KB`;
  return `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1).replace('.', ',')} %`);

/**
 * /admin/cache-performance (`manage_users`): per cache (catalogue pages, search results,
 * catalogue data, prices per customer, images, catalogue PDFs) hits, misses, hit rate, entries,
 * size, evictions and invalidations, with charts of the last hour or day drawn as SVG on the
 * server; the browsers' web vitals (p75 per page type, last 24 hours and 7 days); actions to clear one tag or one customer's prices (audited).
 */
export default async function CachePerformancePage({ searchParams }: { searchParams: Promise<{ janela?: string | string[] }> }) {
  await requirePageAccess(PAGE_PATH);
  const raw = (await searchParams).janela;
  const window: SeriesWindow = (Array.isArray(raw) ? raw[0] : raw) === 'dia' ? 'day' : 'hour';
  const t = await getTranslations('Admin.Cache');
  const now = cacheSnapshot();
  const series = cacheSeries(window);
  const limit = pageCacheLimitBytes();
  const vitals = await currentVitalsSummary();
  const points = series.byCache.pages.length;
  const xLabels: [string, string, string] = window === 'hour' ? [t('chart.ago', { value: '60 min' }), t('chart.ago', { value: '30 min' }), t('chart.now')] : [t('chart.ago', { value: '24 h' }), t('chart.ago', { value: '12 h' }), t('chart.now')];
  const hasData = CACHE_IDS.some((id) => series.byCache[id].some((p) => p.hits + p.misses > 0));
  const tab = (w: SeriesWindow, label: string) => (
    <Link href={w === 'day' ? `${PAGE_PATH}?janela=dia` : PAGE_PATH} prefetch={false} aria-current={window === w ? 'page' : undefined} className={`rounded-full border px-3 py-1 text-sm ${window === w ? 'border-sky-800 bg-sky-800 text-white' : 'bg-white hover:bg-slate-50'}`}>
      {label}
    </Link>
  );
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader title={t('title')} description={t('intro')} />
      <ListTable
        testId="cache-figures"
        columns={[t('columns.cache'), ...FIGURE_COLUMNS.map((k) => ({ label: t(`columns.${k}`), align: 'right' as const }))]}
      >
        <tbody className="tabular-nums">
          {now.map((c) => (
            <tr key={c.id} className="border-t" data-cache={c.id}>
              <th scope="row" className="px-3 py-2 text-left font-medium">{t(`caches.${c.id}`)}</th>
              <td className="px-3 py-2 text-right">{formatInteger(c.hits)}</td>
              <td className="px-3 py-2 text-right">{formatInteger(c.misses)}</td>
              <td className="px-3 py-2 text-right">{percent(c.hitRate)}</td>
              <td className="px-3 py-2 text-right">{formatInteger(c.entries)}</td>
              <td className="px-3 py-2 text-right">{bytes(c.bytes)}</td>
              <td className="px-3 py-2 text-right">{formatInteger(c.evictions)}</td>
              <td className="px-3 py-2 text-right">{c.invalidations === null ? '—' : formatInteger(c.invalidations)}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      {limit ? <p className="text-sm text-slate-600">{t('limit', { size: bytes(limit) })}</p> : null}

      <section className="space-y-4 rounded-xl border bg-white p-5" aria-label={t('chart.requests')}>
        <nav className="flex gap-2">
          {tab('hour', t('window.hour'))}
          {tab('day', t('window.day'))}
        </nav>
        {!hasData ? <p className="text-sm text-slate-600">{t('noData')}</p> : null}
        <div className="grid gap-6 md:grid-cols-2" data-points={points}>
          {CACHE_IDS.map((id) => {
            const list = series.byCache[id];
            return (
              <div key={id} className="space-y-2 rounded-lg border p-3">
                <h3 className="text-sm font-semibold text-slate-900">{t(`caches.${id}`)}</h3>
                <LineChart
                  title={t('chart.requests')}
                  xLabels={xLabels}
                  series={[
                    { label: t('chart.hits'), stroke: 'stroke-emerald-600', swatch: 'bg-emerald-600', values: list.map((p) => p.hits) },
                    { label: t('chart.misses'), stroke: 'stroke-rose-600', swatch: 'bg-rose-600', values: list.map((p) => p.misses) },
                  ]}
                />
                <LineChart
                  title={t('chart.hitRate')}
                  xLabels={xLabels}
                  max={1}
                  format={(v) => formatPercent(Math.round(v * 1000) / 10)}
                  summary="mean"
                  summaryLabel={t('chart.mean')}
                  series={[{ label: t('chart.rate'), stroke: 'stroke-sky-700', swatch: 'bg-sky-700', values: list.map((p) => p.hitRate) }]}
                />
              </div>
            );
          })}
        </div>
      </section>

      <VitalsTable summary={vitals} />

      <section className="rounded-xl border bg-white p-5" aria-labelledby="cache-actions">
        <h2 id="cache-actions" className="mb-3 text-lg font-semibold text-slate-900">
          {t('actions.title')}
        </h2>
        <CacheActions tags={[...CATALOGUE_WIDE_TAGS, cacheTags.shopSettings, 'pricing']} />
      </section>
    </div>
  );
}
