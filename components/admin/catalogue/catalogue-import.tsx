'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ImportAccounts } from '@/components/admin/imports/import-accounts';
import { Button } from '@/components/ui/button';
import { formatCataloguePrice } from '@/lib/admin/catalogue';
import type { ImportDone, ImportPreview, ImportReport, ImportSummaryView } from '@/lib/admin/catalogue-import';
import { formatAdminDateTime } from '@/lib/admin/format';
import { useMessageText } from '@/lib/forms/use-message-text';
import { confirmCatalogueImportAction } from '@/server/catalogue/management-actions';
import { ColumnHeaders, right } from '@/components/ui/table';

const MAX_BYTES = 30 * 1024 * 1024;
const PREVIEW_URL = '/api/admin/catalogue/preview';
const ENTITIES: (keyof ImportSummaryView)[] = ['families', 'brands', 'products', 'models'];

type State =
  | { step: 'idle'; error?: string }
  | { step: 'uploading'; percent: number }
  | { step: 'validating' }
  | { step: 'report'; report: ImportReport; fileName: string }
  | { step: 'preview'; preview: ImportPreview; notice?: string }
  | { step: 'confirming'; preview: ImportPreview }
  | { step: 'done'; done: ImportDone };

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
}

/** Sends the file with XMLHttpRequest, whose upload events give a real progress bar. */
function upload(file: File, onProgress: (percent: number) => void, onSent: () => void): Promise<{ status: number; body: Envelope | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PREVIEW_URL);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      let body: Envelope | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('abort'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Import from /admin/catalogue-management: choose a file, send it with a progress
 * bar, see the all-or-nothing report or the preview of what would change, then "Confirmar
 * importação" imports exactly that file and shows the summary.
 */
export function CatalogueImport() {
  const t = useTranslations('Admin.Catalogue');
  const text = useMessageText();
  const router = useRouter();
  const [state, setState] = React.useState<State>({ step: 'idle' });
  const inputRef = React.useRef<HTMLInputElement>(null);
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    if (state.step === 'report' || state.step === 'preview' || state.step === 'done') headingRef.current?.focus();
  }, [state.step]);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    if (!file) return setState({ step: 'idle', error: t('chooseFile') });
    if (file.size > MAX_BYTES) return setState({ step: 'idle', error: t('tooLarge') });
    setState({ step: 'uploading', percent: 0 });
    try {
      const { status, body } = await upload(
        file,
        (percent) => setState((s) => (s.step === 'uploading' ? { step: 'uploading', percent } : s)),
        () => setState({ step: 'validating' }),
      );
      if (status === 200 && body?.success) setState({ step: 'preview', preview: body.data as ImportPreview });
      else if (status === 422 && body?.data) setState({ step: 'report', report: body.data as ImportReport, fileName: file.name });
      else setState({ step: 'idle', error: body?.message ?? t('networkError') });
    } catch {
      setState({ step: 'idle', error: t('networkError') });
    }
  };

  const confirm = async (preview: ImportPreview) => {
    setState({ step: 'confirming', preview });
    try {
      const result = await confirmCatalogueImportAction({ uploadId: preview.uploadId });
      if (result.ok) {
        // The result page: what changed and which accounts went, with a link back.
        if (result.data.resultPath) return router.push(result.data.resultPath);
        return setState({ step: 'done', done: result.data });
      }
      const { code, message, values, data } = result.error;
      if (code === 'conflict' && data) setState({ step: 'preview', preview: data as ImportPreview, notice: t('staleNotice') });
      else if (code === 'unprocessable' && data) setState({ step: 'report', report: data as ImportReport, fileName: preview.fileName });
      else setState({ step: 'idle', error: text(message, values) });
    } catch {
      setState({ step: 'preview', preview, notice: t('networkError') });
    }
  };

  const reset = () => {
    if (inputRef.current) inputRef.current.value = '';
    setState({ step: 'idle' });
  };

  const busy = state.step === 'uploading' || state.step === 'validating' || state.step === 'confirming';
  const percent = state.step === 'uploading' ? state.percent : state.step === 'idle' ? 0 : 100;

  return (
    <div className="space-y-4" data-testid="catalogue-import">
      <form onSubmit={send} className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="catalogue-file" className="text-sm font-medium text-slate-800">
            {t('fileLabel')}
          </label>
          <input
            ref={inputRef}
            id="catalogue-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            className="block rounded-md border bg-white px-3 py-1.5 text-sm"
            data-testid="catalogue-file"
          />
        </div>
        <Button type="submit" disabled={busy} data-testid="catalogue-upload">
          {t('upload')}
        </Button>
      </form>

      {state.step === 'idle' && state.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.error}
        </p>
      ) : null}

      {state.step === 'uploading' || state.step === 'validating' ? (
        <div className="space-y-1" aria-live="polite">
          <div
            role="progressbar"
            aria-label={t('progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 w-full max-w-xl overflow-hidden rounded-full bg-slate-200"
            data-testid="upload-progress"
          >
            <div className="h-full bg-sky-700 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-slate-700">{state.step === 'uploading' ? t('uploading', { percent }) : t('validating')}</p>
        </div>
      ) : null}

      {state.step === 'report' ? (
        <section className="rounded-xl border border-red-200 bg-red-50 p-4" data-testid="import-report" aria-labelledby="import-report-title">
          <h3 id="import-report-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-red-900">
            {t('reportTitle')}
          </h3>
          <p className="mt-1 text-sm text-red-900">
            {state.fileName} — {t('reportIntro', { total: state.report.total, rows: state.report.rows })}{' '}
            {state.report.issues.length < state.report.total ? t('reportShown', { shown: state.report.issues.length }) : null}
          </p>
          <div className="mt-3 max-h-96 overflow-auto rounded-md border border-red-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-red-100 text-red-950">
                <ColumnHeaders cellClassName="px-3 py-1.5" columns={[t('line'), t('column'), t('reason')]} />
              </thead>
              <tbody>
                {state.report.issues.map((issue, i) => (
                  <tr key={`${issue.line}-${issue.column ?? ''}-${i}`} className="border-t border-red-100" data-testid="report-row">
                    <td className="px-3 py-1 tabular-nums">{issue.line}</td>
                    <td className="px-3 py-1 font-mono text-xs">{issue.column ?? '—'}</td>
                    <td className="px-3 py-1">{issue.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="button" variant="outline" className="mt-3" onClick={reset}>
            {t('importAnother')}
          </Button>
        </section>
      ) : null}

      {state.step === 'preview' || state.step === 'confirming' ? (
        <PreviewPanel
          preview={state.preview}
          notice={state.step === 'preview' ? state.notice : undefined}
          busy={state.step === 'confirming'}
          headingRef={headingRef}
          onConfirm={() => confirm(state.preview)}
          onCancel={reset}
        />
      ) : null}

      {state.step === 'done' ? (
        <section className="rounded-xl border border-green-200 bg-green-50 p-4" data-testid="import-done" aria-labelledby="import-done-title">
          <h3 id="import-done-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-green-900">
            {t('doneTitle')}
          </h3>
          <p className="mt-1 text-sm text-green-900">{t('doneIntro', { file: state.done.fileName, rows: state.done.rows })}</p>
          <SummaryTable summary={state.done.summary} />
          <p className="mt-2 text-sm text-green-900">{t('changeLines', state.done.recorded)}</p>
          <ImportAccounts accounts={state.done.accounts} done />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/admin/catalogue-management/change-logs" prefetch={false}>
                {t('doneChanges')}
              </Link>
            </Button>
            <Button type="button" variant="outline" onClick={reset}>
              {t('importAnother')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function SummaryTable({ summary }: { summary: ImportSummaryView }) {
  const t = useTranslations('Admin.Catalogue');
  return (
    <table className="mt-3 w-full max-w-2xl text-left text-sm" data-testid="import-summary">
      <thead>
        <ColumnHeaders
          className="border-b text-slate-700"
          cellClassName="py-1"
          columns={[{ label: t('entity'), className: 'pr-3' }, right(t('created'), 'pr-3'), right(t('updated'), 'pr-3'), right(t('unchanged'), 'pr-3'), right(t('deactivated'))]}
        />
      </thead>
      <tbody>
        {ENTITIES.map((entity) => (
          <tr key={entity} className="border-b last:border-0" data-testid={`summary-${entity}`}>
            <th scope="row" className="py-1 pr-3 font-medium">{t(entity)}</th>
            <td className="py-1 pr-3 text-right tabular-nums" data-testid="created">{summary[entity].created}</td>
            <td className="py-1 pr-3 text-right tabular-nums" data-testid="updated">{summary[entity].updated}</td>
            <td className="py-1 pr-3 text-right tabular-nums" data-testid="unchanged">{summary[entity].unchanged}</td>
            <td className="py-1 text-right tabular-nums">0</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PreviewPanel({
  preview,
  notice,
  busy,
  headingRef,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  notice?: string;
  busy: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Admin.Catalogue');
  const nothing = ENTITIES.every((e) => preview.summary[e].created === 0 && preview.summary[e].updated === 0) && preview.accounts.remove.length === 0;
  return (
    <section className="rounded-xl border bg-white p-4" data-testid="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t('previewTitle')}
      </h3>
      {notice ? (
        <p role="alert" className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">{t('previewIntro', { file: preview.fileName, rows: preview.rows })}</p>
      <p className="mt-1 break-all font-mono text-xs text-slate-600">
        {t('checksum')}: {preview.sha256}
      </p>
      <SummaryTable summary={preview.summary} />
      <p className="mt-2 text-xs text-slate-600">{t('neverDeactivates')}</p>
      <p className="mt-2 text-sm text-slate-800">{preview.firstFill ? t('firstFill') : t('changeLines', preview.changeCounts)}</p>
      {preview.priceSamples.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-900">{t('priceSamples')}</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700" data-testid="price-samples">
            {preview.priceSamples.map((p) => (
              <li key={`${p.modelCode}`}>
                <span className="font-mono text-xs">{p.modelCode}</span> {p.productName}: {formatCataloguePrice(p.before)} → {formatCataloguePrice(p.after)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">{t('samplesTitle')}</summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {ENTITIES.flatMap((entity) =>
            (['created', 'updated'] as const).map((kind) =>
              preview.samples[entity][kind].length ? (
                <div key={`${entity}-${kind}`}>
                  <h4 className="font-medium text-slate-800">{t(kind === 'created' ? 'samplesCreated' : 'samplesUpdated', { entity: t(entity) })}</h4>
                  <ul className="mt-1 space-y-0.5 text-slate-700">
                    {preview.samples[entity][kind].map((s) => (
                      <li key={s.code}>
                        <span className="font-mono text-xs">{s.code}</span> {s.name}
                        {s.fields?.length ? <span className="text-slate-500"> ({t('fields', { fields: s.fields.join(', ') })})</span> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null,
            ),
          )}
        </div>
      </details>
      <ImportAccounts accounts={preview.accounts} />
      {nothing ? <p className="mt-3 text-sm text-slate-700">{t('nothingToDo')}</p> : null}
      <p className="mt-3 text-xs text-slate-600">{t('expires', { time: formatAdminDateTime(preview.expiresAt) })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" onClick={onConfirm} disabled={busy} data-testid="catalogue-confirm">
          {busy ? t('confirming') : t('confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </section>
  );
}
