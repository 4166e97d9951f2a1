import 'server-only';
import { toSemicolonCsv } from '@/lib/admin/import-formats';
import { formulaSafe } from '@/lib/spreadsheet-cells';
import type { SkippedLine } from './format';

/**
 * The lines an ERP sync skipped (articles the catalogue does not have): as report lines
 * for the history, and as a CSV staff download (line, code, reason). An applied run's CSV is kept
 * in the shop's storage under its run id; a preview's beside the previewed upload.
 */

export const SKIPPED_REASON = 'artigo desconhecido no catálogo';

/** Report lines shown in the history (at most `limit`; the CSV has every line). */
export function skippedReport(skipped: readonly SkippedLine[], limit = 500): string[] {
  const lines = skipped.slice(0, limit).map((s) => `Linha ${s.line}, coluna model_code: ${SKIPPED_REASON}, ignorado (${s.code})`);
  if (skipped.length > limit) lines.push(`… e mais ${skipped.length - limit} linhas ignoradas`);
  return lines;
}

/** The CSV of the skipped lines: `linha;model_code;motivo` (codes formula-safe: the file came from outside). */
export function skippedCsv(skipped: readonly SkippedLine[]): string {
  return toSemicolonCsv([['linha', 'model_code', 'motivo'], ...skipped.map((s) => [String(s.line), formulaSafe(s.code), SKIPPED_REASON])]);
}

/** Storage key of an applied run's skipped lines. */
export function skippedRunKey(runId: number): string {
  return `erp-runs/${runId}-ignorados.csv`;
}

/** The download address of a run's (or a previewed upload's) skipped lines. */
export function skippedCsvPath(ref: { run: number } | { token: string }): string {
  return 'run' in ref ? `/api/admin/erp/skipped?run=${ref.run}` : `/api/admin/erp/skipped?token=${ref.token}`;
}
