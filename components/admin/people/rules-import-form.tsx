'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { toSemicolonCsv } from '@/lib/admin/import-formats';
import type { ActionResult } from '@/lib/errors';
import { formulaSafe } from '@/lib/spreadsheet-cells';
import { useMessageText } from '@/lib/forms/use-message-text';

interface ImportAccount {
  accountId: number;
  name: string;
  rules: number;
  replaced: number;
}
interface SkippedLine {
  line: number;
  column: 'erp' | 'nif';
  code: string;
}
type ImportResult = { ok: true; applied: boolean; lines: number; accounts: ImportAccount[]; skipped: SkippedLine[] } | { ok: false; errors: string[] };
type ImportAction = (input: FormData) => Promise<ActionResult<ImportResult>>;

/**
 * Bulk price rules: choose a CSV or XLSX, see the preview (per account: rules in the
 * file, existing rules replaced) or the line report, then apply the same file. Nothing is written
 * until "Aplicar", and then all lines or none.
 */
/** The skipped lines as a CSV file the browser saves (codes formula-safe: they came from the file). */
function skippedCsvUrl(skipped: SkippedLine[]): string {
  const csv = toSemicolonCsv([['linha', 'coluna', 'codigo', 'motivo'], ...skipped.map((s) => [String(s.line), s.column, formulaSafe(s.code), s.column === 'erp' ? 'nenhuma conta com este cliente ERP' : 'nenhuma conta com este NIF'])]);
  return URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Lines of accounts the shop does not have: how many, which, and the CSV of them. */
function SkippedAccounts({ skipped }: { skipped: SkippedLine[] }) {
  const t = useTranslations('Admin.Imports');
  // The file is made when asked for (a Blob in the browser: the list came with the answer).
  const download = () => {
    const url = skippedCsvUrl(skipped);
    const link = document.createElement('a');
    link.href = url;
    link.download = t('rules.skippedCsvName');
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  if (skipped.length === 0) return null;
  const shown = skipped.slice(0, 200);
  return (
    <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950" data-testid="rules-skipped">
      <p className="font-medium">{t('skipped.title', { count: skipped.length })}</p>
      <p className="mt-1">{t('skipped.accountsIntro')}</p>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 font-mono text-xs" data-testid="rules-skipped-codes">
        {shown.map((s) => (
          <li key={`${s.line}-${s.code}`}>
            <span className="sr-only">{t('skipped.line')} {s.line}: </span>
            {s.code}
          </li>
        ))}
      </ul>
      {skipped.length > shown.length ? <p className="mt-1 text-xs">{t('skipped.more', { count: skipped.length - shown.length })}</p> : null}
      <button type="button" onClick={download} className="mt-2 inline-block font-medium text-sky-900 underline" data-testid="rules-skipped-csv">
        {t('skipped.download')}
      </button>
    </div>
  );
}

export function RulesImportForm({ action }: { action: ImportAction }) {
  const text = useMessageText();
  const [file, setFile] = React.useState<File | null>(null);
  const [pending, startTransition] = React.useTransition();
  const [result, setResult] = React.useState<ImportResult | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  const run = (apply: boolean) => {
    if (!file) return;
    const data = new FormData();
    data.set('file', file);
    data.set('apply', apply ? 'true' : 'false');
    startTransition(async () => {
      setError(null);
      try {
        const answer = await action(data);
        if (answer.ok) setResult(answer.data);
        else {
          setResult(null);
          setError(text(answer.error.message, answer.error.values) ?? '');
        }
      } catch {
        setError(text('Errors.generic') ?? '');
      }
    });
  };

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="rules-file" className="block text-sm font-medium">
          Ficheiro (CSV ou XLSX)
        </label>
        <input
          id="rules-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
            setError(null);
          }}
          className="mt-1 block text-sm"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={!file || pending} onClick={() => run(false)} className="rounded-md border bg-white px-4 py-2 text-sm hover:bg-slate-50 disabled:opacity-60">
          {pending ? 'A ler…' : 'Pré-visualizar'}
        </button>
        <button type="button" disabled={!file || pending || !result?.ok || result.applied} onClick={() => run(true)} className="rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-60">
          Aplicar
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {result && !result.ok ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="import-errors">
          <p className="font-semibold">O ficheiro tem erros: nada foi importado.</p>
          <ul className="mt-2 list-inside list-disc">
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result && result.ok ? (
        <div role="status" className={`rounded-xl border p-4 text-sm ${result.applied ? 'border-emerald-300 bg-emerald-50' : 'bg-white'}`} data-testid="import-preview">
          <p className="font-semibold">
            {result.applied ? `Importado: ${result.lines} regras em ${result.accounts.length} contas. Os preços destas contas foram atualizados.` : `Pré-visualização: ${result.lines} regras em ${result.accounts.length} contas. Nada foi gravado ainda.`}
          </p>
          <table className="mt-3 w-full text-left">
            <thead>
              <tr>
                <th scope="col" className="py-1">Conta</th>
                <th scope="col" className="py-1">Regras no ficheiro</th>
                <th scope="col" className="py-1">Regras substituídas</th>
              </tr>
            </thead>
            <tbody>
              {result.accounts.map((a) => (
                <tr key={a.accountId} className="border-t">
                  <td className="py-1">{a.name}</td>
                  <td className="py-1">{a.rules}</td>
                  <td className="py-1">{a.replaced}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <SkippedAccounts skipped={result.skipped ?? []} />
        </div>
      ) : null}
    </div>
  );
}
