'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ColumnHeaders, right } from '@/components/ui/table';

/**
 * The upload of /admin/phc-sync: a file (and optionally its kind) posted to
 * /api/admin/erp/preview, the preview (or the line report) shown, then "Aplicar" posts the
 * preview's token to /api/admin/erp/apply and the page refreshes (history, figures).
 */

interface Counts {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  missing: number;
  skipped: number;
}
interface Skipped {
  line: number;
  code: string;
}
interface PriceChange {
  code: string;
  name: string;
  before: string;
  after: string;
  move: number;
  groupBefore: string | null;
  groupAfter: string | null;
}
interface ClientChange {
  erpClientId: string;
  name: string;
  nif: string | null;
  email: string | null;
  fields: string[];
}
type Preview =
  | { kind: 'prices'; counts: Counts; changes: PriceChange[]; skipped: Skipped[] }
  | { kind: 'clients'; counts: Counts; skipped: Skipped[]; created: ClientChange[]; changed: ClientChange[]; missing: { erpClientId: string; name: string }[]; accountsRepriced: number[] };

interface PreviewAnswer {
  token: string;
  file_name: string;
  preview: Preview;
  skipped_csv: string | null;
}

interface ApplyAnswer {
  run_id: number;
  counts: Counts;
  skipped: Skipped[];
  skipped_csv: string | null;
}

/**
 * The lines a sync skips (articles the catalogue does not have): how many, their codes
 * (the first 200) and the CSV of all of them.
 */
function SkippedLines({ count, lines, csv, done }: { count: number; lines: Skipped[]; csv: string | null; done: boolean }) {
  const t = useTranslations('Admin.Imports.skipped');
  if (count === 0) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="erp-skipped">
      <h4 className="font-medium">{t('title', { count })}</h4>
      <p className="mt-1">{done ? t('modelsIntro') : t('modelsIntroPreview')}</p>
      <ul className="mt-2 flex max-h-40 flex-wrap gap-x-3 gap-y-0.5 overflow-auto font-mono text-xs" data-testid="erp-skipped-codes" aria-label={t('code')}>
        {lines.map((s) => (
          <li key={`${s.line}-${s.code}`}>
            <span className="sr-only">{t('line')} {s.line}: </span>
            {s.code}
          </li>
        ))}
      </ul>
      {count > lines.length ? <p className="mt-1 text-xs">{t('more', { count: count - lines.length })}</p> : null}
      {csv ? (
        <a href={csv} download className="mt-2 inline-block font-medium text-sky-900 underline" data-testid="erp-skipped-csv">
          {t('download')}
        </a>
      ) : null}
    </div>
  );
}

const money = (v: string) => `${Number(v).toLocaleString('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} €`;
const pct = (v: number) => `${v > 0 ? '+' : ''}${(v * 100).toLocaleString('pt-PT', { maximumFractionDigits: 1 })} %`;

export function ErpUpload() {
  const t = useTranslations('Admin.Erp');
  const router = useRouter();
  const fileRef = React.useRef<HTMLInputElement>(null);
  const [kind, setKind] = React.useState('');
  const [busy, setBusy] = React.useState<'preview' | 'apply' | null>(null);
  const [report, setReport] = React.useState<string[] | null>(null);
  const [answer, setAnswer] = React.useState<PreviewAnswer | null>(null);
  const [applied, setApplied] = React.useState<(ApplyAnswer & { fileName: string }) | null>(null);

  const preview = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file || busy) return;
    setBusy('preview');
    setReport(null);
    setAnswer(null);
    setApplied(null);
    try {
      const form = new FormData();
      form.set('file', file);
      if (kind) form.set('kind', kind);
      const response = await fetch('/api/admin/erp/preview', { method: 'POST', body: form });
      const json = (await response.json().catch(() => null)) as { success?: boolean; data?: PreviewAnswer; message?: string; error?: { details?: { rows?: string[] } } } | null;
      if (response.ok && json?.data) setAnswer(json.data);
      else {
        setReport(json?.error?.details?.rows ?? [json?.message ?? t('upload.failed')]);
        router.refresh();
      }
    } catch {
      toast.error(t('upload.failed'));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!answer || busy) return;
    setBusy('apply');
    try {
      const response = await fetch('/api/admin/erp/apply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: answer.token }) });
      const json = (await response.json().catch(() => null)) as { message?: string; data?: ApplyAnswer; error?: { details?: { rows?: string[] } } } | null;
      if (response.ok) {
        toast.success(t('upload.applied'));
        if (json?.data) setApplied({ ...json.data, fileName: answer.file_name });
        setAnswer(null);
        if (fileRef.current) fileRef.current.value = '';
      } else {
        setReport(json?.error?.details?.rows ?? [json?.message ?? t('upload.failed')]);
        setAnswer(null);
      }
      router.refresh();
    } catch {
      toast.error(t('upload.failed'));
    } finally {
      setBusy(null);
    }
  };

  const p = answer?.preview;
  const counts = p?.counts;
  const shown = (n: number, list: unknown[]) => (n > list.length ? <p className="mt-1 text-xs text-slate-600">{t('preview.more', { count: n - list.length })}</p> : null);
  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void preview(e)} className="flex flex-wrap items-end gap-3" data-testid="erp-upload">
        <label className="text-sm text-slate-700">
          {t('upload.file')}
          <input ref={fileRef} type="file" name="file" accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="mt-1 block text-sm" />
        </label>
        <label className="text-sm text-slate-700">
          {t('upload.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="">{t('upload.kindAuto')}</option>
            <option value="prices">{t('upload.kindPrices')}</option>
            <option value="clients">{t('upload.kindClients')}</option>
          </select>
        </label>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'preview' ? t('upload.previewing') : t('upload.preview')}
        </Button>
      </form>
      <p className="text-xs text-slate-600">{t('upload.help')}</p>

      {report ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="erp-report">
          <p className="font-medium">{t('upload.refused')}</p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {report.slice(0, 100).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {report.length > 100 ? <p className="mt-1">{t('preview.more', { count: report.length - 100 })}</p> : null}
        </div>
      ) : null}

      {applied ? (
        <section role="status" className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4" data-testid="erp-applied" aria-labelledby="erp-applied-title">
          <h3 id="erp-applied-title" className="font-semibold text-green-950">
            {t('upload.applied')} · {applied.fileName}
          </h3>
          <dl className="flex flex-wrap gap-4 text-sm">
            {(['rows', 'created', 'changed', 'unchanged', 'skipped'] as const).map((k) => (
              <div key={k}>
                <dt className="text-slate-600">{k === 'skipped' ? t('preview.skipped') : t(`preview.${k}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`erp-applied-${k}`}>
                  {applied.counts[k] ?? 0}
                </dd>
              </div>
            ))}
          </dl>
          <SkippedLines count={applied.counts.skipped ?? 0} lines={applied.skipped ?? []} csv={applied.skipped_csv} done />
        </section>
      ) : null}

      {p && counts ? (
        <section className="space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-4" data-testid="erp-preview" aria-labelledby="erp-preview-title">
          <h3 id="erp-preview-title" className="font-semibold text-slate-900">
            {t('preview.title')} · {answer.file_name}
          </h3>
          <dl className="flex flex-wrap gap-4 text-sm">
            {(['rows', 'created', 'changed', 'unchanged', 'missing', 'skipped'] as const).map((k) => (
              <div key={k}>
                <dt className="text-slate-600">{t(`preview.${k}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`erp-count-${k}`}>
                  {counts[k] ?? 0}
                </dd>
              </div>
            ))}
          </dl>
          {p.kind === 'prices' && p.changes.length > 0 ? (
            <div className="overflow-x-auto">
              <h4 className="text-sm font-medium">{t('preview.priceChanges')}</h4>
              <table className="mt-1 w-full text-left text-sm">
                <thead className="text-slate-600">
                  <ColumnHeaders
                    columns={[{ label: t('preview.code'), className: 'pr-2' }, { label: t('preview.name'), className: 'pr-2' }, right(t('preview.before'), 'pr-2'), right(t('preview.after'), 'pr-2'), right(t('preview.move'), 'pr-2'), t('preview.group')]}
                  />
                </thead>
                <tbody>
                  {p.changes.map((c) => (
                    <tr key={c.code} className="border-t border-sky-100">
                      <td className="pr-2 font-mono text-xs">{c.code}</td>
                      <td className="pr-2">{c.name}</td>
                      <td className="pr-2 text-right tabular-nums">{money(c.before)}</td>
                      <td className="pr-2 text-right tabular-nums">{money(c.after)}</td>
                      <td className={`pr-2 text-right tabular-nums ${c.move > 0 ? 'text-red-800' : c.move < 0 ? 'text-green-800' : ''}`}>{pct(c.move)}</td>
                      <td>{c.groupBefore === c.groupAfter ? (c.groupAfter ?? '—') : `${c.groupBefore ?? '—'} → ${c.groupAfter ?? '—'}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {shown(counts.changed, p.changes)}
            </div>
          ) : null}
          {p.kind === 'clients' ? (
            <div className="grid gap-3 md:grid-cols-3">
              {(
                [
                  ['newClients', p.created, counts.created],
                  ['changedClients', p.changed, counts.changed],
                ] as const
              ).map(([key, list, n]) => (
                <div key={key}>
                  <h4 className="text-sm font-medium">{t(`preview.${key}`)}</h4>
                  <ul className="mt-1 space-y-0.5 text-sm">
                    {list.map((c) => (
                      <li key={c.erpClientId}>
                        <span className="font-mono text-xs">{c.erpClientId}</span> {c.name}
                        {c.fields.length ? <span className="text-xs text-slate-600"> ({c.fields.join(', ')})</span> : null}
                      </li>
                    ))}
                  </ul>
                  {shown(n, [...list])}
                </div>
              ))}
              <div>
                <h4 className="text-sm font-medium">{t('preview.missingClients')}</h4>
                <ul className="mt-1 space-y-0.5 text-sm">
                  {p.missing.map((c) => (
                    <li key={c.erpClientId}>
                      <span className="font-mono text-xs">{c.erpClientId}</span> {c.name}
                    </li>
                  ))}
                </ul>
                {shown(counts.missing, p.missing)}
              </div>
              <p className="text-sm md:col-span-3">{t('preview.repriced', { count: p.accountsRepriced.length })}</p>
            </div>
          ) : null}
          <SkippedLines count={counts.skipped ?? 0} lines={p.skipped ?? []} csv={answer.skipped_csv} done={false} />
          {counts.created + counts.changed + counts.missing === 0 ? <p className="text-sm">{t('upload.noChanges')}</p> : null}
          <div className="flex gap-2">
            <Button type="button" onClick={() => void apply()} disabled={busy !== null} data-testid="erp-apply">
              {busy === 'apply' ? t('upload.applying') : t('upload.apply')}
            </Button>
            <Button type="button" variant="outline" onClick={() => setAnswer(null)} disabled={busy !== null}>
              {t('upload.discard')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
