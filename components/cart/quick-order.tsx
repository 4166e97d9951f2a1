'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Loader2Icon, UploadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ApiResult } from '@/lib/cart/client-api';
import type { QuickOrderResult } from '@/lib/cart/types';

/**
 * Quick order on /cart (beyond the spec): paste "code quantity" lines or upload a CSV
 * or XLSX of the same; the valid lines are added and every refused line is listed with its line
 * number and the server's reason. After a submit the box keeps only the refused lines,
 * so sending the corrected lines adds nothing twice; a code given twice is summed once, and said.
 */
export function QuickOrder({
  submit,
}: {
  submit: (input: { text: string } | { file: File }) => Promise<ApiResult<QuickOrderResult>>;
}) {
  const t = useTranslations('CartPage.quick');
  const [text, setText] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<QuickOrderResult | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const textId = React.useId();
  const fileId = React.useId();
  const problemsId = React.useId();

  const run = async (input: { text: string } | { file: File }) => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await submit(input);
      if (res.ok && res.data) {
        setResult(res.data);
        // The box keeps only the refused lines: correcting them and sending again
        // never adds the good lines a second time.
        setText(res.data.problems.map((p) => p.text).join('\n'));
      } else setError(res.message || t('failed'));
    } catch {
      setError(t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="quick-order-title" className="rounded-xl border bg-white p-5" data-testid="quick-order">
      <h2 id="quick-order-title" className="text-lg font-bold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
      <form
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) {
            setError(t('emptyText'));
            return;
          }
          void run({ text });
        }}
      >
        <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
          {t('textLabel')}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={result && result.problems.length > 0 ? problemsId : undefined}
          rows={6}
          placeholder={t('placeholder')}
          className="w-full rounded-md border px-3 py-2 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          disabled={busy}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy && <Loader2Icon aria-hidden className="animate-spin" />}
            {busy ? t('submitting') : t('submit')}
          </Button>
          {/* The native file box reads in the browser's language: a visually hidden input behind a
              labelled button-like label (keyboard focus stays on the input). */}
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="peer sr-only"
            disabled={busy}
            data-testid="quick-order-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file)
                void run({ file }).finally(() => {
                  if (fileRef.current) fileRef.current.value = '';
                });
            }}
          />
          <label
            htmlFor={fileId}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-white px-4 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 peer-focus-visible:ring-[3px] peer-focus-visible:ring-sky-500/60 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          >
            <UploadIcon aria-hidden className="size-4" />
            {t('fileLabel')}
          </label>
        </div>
      </form>
      <div aria-live="polite" className="mt-4 space-y-2 text-sm">
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
        {result && (
          <>
            <p className="font-medium text-emerald-800" data-testid="quick-order-added">
              {t('added', { count: result.added })}
            </p>
            {result.merged && result.merged.length > 0 && (
              <div className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sky-950" data-testid="quick-order-merged">
                <p className="font-medium">{t('summedTitle')}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {result.merged.map((m) => (
                    <li key={m.code}>{m.text}</li>
                  ))}
                </ul>
              </div>
            )}
            {result.problems.length > 0 && (
              <div className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
                <p className="font-medium">{t('problems', { count: result.problems.length })}</p>
                <p className="mt-1 text-xs">{t('kept')}</p>
                <ul id={problemsId} className="mt-2 space-y-1" data-testid="quick-order-problems">
                  {result.problems.map((p) => (
                    <li key={`${p.line}-${p.text}`} data-testid="quick-order-problem">
                      <span className="font-semibold">{t('problemLine', { line: p.line })}</span>
                      {p.text ? <span className="font-mono"> «{p.text}»</span> : null}: {p.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
