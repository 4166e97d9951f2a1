'use client';

import * as React from 'react';
import type { ActionResult } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';

interface ImportAccount {
  accountId: number;
  name: string;
  rules: number;
  replaced: number;
}
type ImportResult = { ok: true; applied: boolean; lines: number; accounts: ImportAccount[] } | { ok: false; errors: string[] };
type ImportAction = (input: FormData) => Promise<ActionResult<ImportResult>>;

/**
 * Bulk price rules (issue 14): choose a CSV or XLSX, see the preview (per account: rules in the
 * file, existing rules replaced) or the line report, then apply the same file. Nothing is written
 * until "Aplicar", and then all lines or none.
 */
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
        </div>
      ) : null}
    </div>
  );
}
