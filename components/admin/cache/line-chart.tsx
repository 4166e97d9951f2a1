/**
 * A small line chart drawn on the server as SVG (/admin/cache-performance): no chart
 * library reaches the browser. Each series is a polyline over the same x steps; missing values
 * (null) break the line. The y axis starts at 0 and ends at `max` (or a round number at or above
 * the largest value), with distinct ticks ("0 1 2", never "0 1 1"). The description read by a
 * screen reader sums a series of counts and averages a series of rates (`summary: 'mean'`): a sum
 * of hit rates read "1939 %".
 */
export interface ChartSeries {
  label: string;
  /** A Tailwind stroke class, e.g. `stroke-sky-700`. */
  stroke: string;
  /** Legend swatch class, e.g. `bg-sky-700`. */
  swatch: string;
  values: (number | null)[];
}

/**
 * The ticks of a y axis from 0 to at least `largest`: whole numbers for counts, 2 or 3 of them,
 * on a round step (1, 2, 2.5 → 5, 10… times a power of ten).
 */
export function yTicks(largest: number, max?: number): number[] {
  if (max !== undefined && max > 0) return [0, max / 2, max];
  const top = Math.max(1, Math.ceil(largest));
  if (top <= 2) return top === 1 ? [0, 1] : [0, 1, 2];
  const rough = top / 2;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ?? 10 * power;
  return [0, step, step * 2];
}

const W = 640;
const H = 160;
const PAD = { left: 44, right: 8, top: 8, bottom: 20 };

export function LineChart({
  title,
  series,
  xLabels,
  max,
  format = (v) => String(Math.round(v)),
  summary: summaryMode = 'sum',
  summaryLabel,
}: {
  title: string;
  series: ChartSeries[];
  xLabels: [string, string, string];
  max?: number;
  format?: (v: number) => string;
  /** How the description sums a series up: the total (counts) or the mean (rates). */
  summary?: 'sum' | 'mean';
  /** Words before a mean ("média"). */
  summaryLabel?: string;
}) {
  const n = Math.max(1, ...series.map((s) => s.values.length));
  const ticks = yTicks(Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null))), max);
  const top = ticks.at(-1)!;
  const x = (i: number) => PAD.left + (n === 1 ? 0 : (i / (n - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - Math.min(v, top) / top) * (H - PAD.top - PAD.bottom);
  const paths = series.map((s) => {
    let d = '';
    let pen = false;
    s.values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)} `;
      pen = true;
    });
    return d.trim();
  });
  const summary = series
    .map((s) => {
      const values = s.values.filter((v): v is number => v !== null);
      if (values.length === 0) return `${s.label}: —`;
      const total = values.reduce((a, b) => a + b, 0);
      return summaryMode === 'mean' ? `${s.label}: ${summaryLabel ? `${summaryLabel} ` : ''}${format(total / values.length)}` : `${s.label}: ${format(total)}`;
    })
    .join('; ');
  return (
    <figure className="space-y-1">
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-slate-700">
        <span className="font-medium">{title}</span>
        {series.map((s) => (
          <span key={s.label} className="inline-flex items-center gap-1">
            <span className={`inline-block h-2 w-3 rounded-sm ${s.swatch}`} aria-hidden />
            {s.label}
          </span>
        ))}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}. ${summary}`} className="h-auto w-full">
        {ticks.map((v) => (
          <g key={v} data-tick={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth={1} />
            <text x={PAD.left - 4} y={y(v) + 3} textAnchor="end" className="fill-slate-500 text-[10px]">
              {format(v)}
            </text>
          </g>
        ))}
        {paths.map((d, i) => (d ? <path key={series[i]!.label} d={d} fill="none" strokeWidth={1.8} className={series[i]!.stroke} /> : null))}
        <text x={PAD.left} y={H - 4} className="fill-slate-500 text-[10px]">
          {xLabels[0]}
        </text>
        <text x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle" className="fill-slate-500 text-[10px]">
          {xLabels[1]}
        </text>
        <text x={W - PAD.right} y={H - 4} textAnchor="end" className="fill-slate-500 text-[10px]">
          {xLabels[2]}
        </text>
      </svg>
    </figure>
  );
}
