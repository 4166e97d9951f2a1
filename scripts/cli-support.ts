/** Shared helpers of the command-line scripts: progress bar, summary table, exit codes. */
import type { ImportSummary, ProgressFn } from '@/server/import/apply';

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressFn & { end(): void } {
  const tty = Boolean(stream.isTTY);
  let lastPhase = '';
  let lastDraw = 0;
  const fn = ((phase: string, done: number, total: number) => {
    if (!tty) return;
    const now = Date.now();
    if (phase === lastPhase && done < total && now - lastDraw < 80) return;
    lastDraw = now;
    if (phase !== lastPhase && lastPhase) stream.write('\n');
    lastPhase = phase;
    const width = 30;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    stream.write(
      `\r${phase.padEnd(11)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}`,
    );
  }) as ProgressFn & { end(): void };
  fn.end = () => {
    if (tty && lastPhase) stream.write('\n');
  };
  return fn;
}

const LABELS: Record<keyof ImportSummary, string> = {
  families: 'Famílias',
  brands: 'Marcas',
  products: 'Produtos',
  models: 'Modelos',
};

export function formatSummary(summary: ImportSummary): string {
  const lines = [`${''.padEnd(10)} ${'criados'.padStart(9)} ${'atualizados'.padStart(12)} ${'sem alteração'.padStart(14)}`];
  for (const key of Object.keys(LABELS) as (keyof ImportSummary)[]) {
    const c = summary[key];
    lines.push(
      `${LABELS[key].padEnd(10)} ${String(c.created).padStart(9)} ${String(c.updated).padStart(12)} ${String(c.unchanged).padStart(14)}`,
    );
  }
  return lines.join('\n');
}

export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}
