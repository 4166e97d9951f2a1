/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import { LineChart } from '@/components/admin/cache/line-chart';
import { formatPercent } from '@/lib/format';

/**
 * The charts of /admin/cache-performance (issue 23): the y axis ticks are distinct round numbers
 * ("0 1 1" was seen for a largest value of 1), and the description of a hit-rate chart gives the
 * mean rate, a percentage of at most 100 % ("1939 %" was the sum of an hour of rates).
 */
const X: [string, string, string] = ['há 60 min', 'há 30 min', 'agora'];

function ticksOf(html: string): string[] {
  return [...html.matchAll(/<g data-tick="[^"]*"><line[^>]*><\/line><text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]!);
}

function labelOf(html: string): string {
  return /aria-label="([^"]*)"/.exec(html)![1]!.replace(/&#x27;/g, "'");
}

const counts = (values: (number | null)[]) =>
  renderToStaticMarkup(<LineChart title="Pedidos por intervalo" xLabels={X} series={[{ label: 'Acertos', stroke: 's', swatch: 'b', values }]} />);

describe('cache charts', () => {
  it.each([
    [[0, 1, 0, 1], ['0', '1']],
    [[0, 2, 1], ['0', '1', '2']],
    [[3, 1, null, 2], ['0', '2', '4']],
    [[7, 0], ['0', '5', '10']],
    [[0, 0, 0], ['0', '1']],
    [[1939, 12], ['0', '1000', '2000']],
  ])('counts %j: ticks %j, distinct and round', (values, ticks) => {
    const shown = ticksOf(counts(values));
    expect(shown).toEqual(ticks);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('sums counts in its description', () => {
    expect(labelOf(counts([3, 1, null, 2]))).toBe('Pedidos por intervalo. Acertos: 6');
  });

  it('gives the mean hit rate, at most 100 %, with ticks 0 %, 50 %, 100 %', () => {
    const rates = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? null : i % 2 ? 0.9 : 1));
    const html = renderToStaticMarkup(
      <LineChart
        title="Taxa de acerto"
        xLabels={X}
        max={1}
        format={(v) => formatPercent(Math.round(v * 1000) / 10)}
        summary="mean"
        summaryLabel="média de"
        series={[{ label: 'Taxa de acerto', stroke: 's', swatch: 'b', values: rates }]}
      />,
    );
    expect(ticksOf(html)).toEqual(['0\u00a0%', '50\u00a0%', '100\u00a0%']);
    const label = labelOf(html);
    expect(label).toBe('Taxa de acerto. Taxa de acerto: média de 95\u00a0%');
    for (const [, n] of label.matchAll(/(\d[\d,]*)\u00a0%/g)) expect(Number(n!.replace(',', '.'))).toBeLessThanOrEqual(100);
  });
});
