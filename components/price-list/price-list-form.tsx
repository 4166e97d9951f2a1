'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { DownloadIcon, FileSpreadsheetIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { call } from '@/lib/cart/client-api';

interface Scopes {
  chapters: { code: number; title: string }[];
  families: { code: string; title: string; chapterCode: number }[];
  brands: { slug: string; name: string }[];
}

interface ExportState {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  total: number;
  error: string | null;
  download_url: string | null;
}

type Scope = 'all' | 'chapter' | 'family' | 'brand';
const POLL_MS = 1_000;

/**
 * Asks for the price list (scope and format), then polls its status every second and shows the
 * progress until the file is ready to download.
 */
export function PriceListForm({ scopes }: { scopes: Scopes }) {
  const t = useTranslations('PriceList');
  const router = useRouter();
  const [scope, setScope] = React.useState<Scope>('all');
  const [value, setValue] = React.useState('');
  const [format, setFormat] = React.useState<'xlsx' | 'csv'>('xlsx');
  const [error, setError] = React.useState<string | null>(null);
  const [current, setCurrent] = React.useState<ExportState | null>(null);
  const [busy, setBusy] = React.useState(false);

  const pending = current !== null && (current.status === 'queued' || current.status === 'running');

  React.useEffect(() => {
    if (!current || !pending) return;
    const timer = window.setTimeout(async () => {
      const res = await call<ExportState>('GET', `/api/price-lists/${current.id}`);
      if (!res.ok || !res.data) return setError(res.message ?? t('errorGeneric'));
      setCurrent(res.data);
      if (res.data.status === 'done' || res.data.status === 'failed') router.refresh();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [current, pending, router, t]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (scope !== 'all' && !value) return setError(t('chooseValue'));
    setBusy(true);
    setError(null);
    const res = await call<ExportState>('POST', '/api/price-lists', { format, scope, value: scope === 'all' ? null : value });
    setBusy(false);
    if (!res.ok || !res.data) return setError(res.details?.value?.[0] ?? res.message ?? t('errorGeneric'));
    setCurrent(res.data);
  }

  const percent = current && current.total > 0 ? Math.round((current.progress / current.total) * 100) : 0;

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="price-list-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="price-list-scope">{t('scope')}</Label>
            <NativeSelect
              id="price-list-scope"
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as Scope);
                setValue('');
              }}
            >
              <option value="all">{t('scopeAll')}</option>
              <option value="chapter">{t('scopeChapter')}</option>
              <option value="family">{t('scopeFamily')}</option>
              <option value="brand">{t('scopeBrand')}</option>
            </NativeSelect>
          </div>
          {scope !== 'all' && (
            <div className="space-y-1.5">
              <Label htmlFor="price-list-value">{t(scope)}</Label>
              <NativeSelect id="price-list-value" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error && !value ? true : undefined}>
                <option value="">{t('choose')}</option>
                {scope === 'chapter' &&
                  scopes.chapters.map((c) => (
                    <option key={c.code} value={String(c.code)}>
                      {c.code} — {c.title}
                    </option>
                  ))}
                {scope === 'family' &&
                  scopes.chapters.map((c) => (
                    <optgroup key={c.code} label={`${c.code} — ${c.title}`}>
                      {scopes.families
                        .filter((f) => f.chapterCode === c.code)
                        .map((f) => (
                          <option key={f.code} value={f.code}>
                            {f.code} — {f.title}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                {scope === 'brand' &&
                  scopes.brands.map((b) => (
                    <option key={b.slug} value={b.slug}>
                      {b.name}
                    </option>
                  ))}
              </NativeSelect>
            </div>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t('format')}</legend>
          <div className="mt-1.5 flex flex-wrap gap-4">
            {(['xlsx', 'csv'] as const).map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm">
                <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} className="size-4" />
                {t(f)}
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || pending} data-testid="price-list-request">
          <FileSpreadsheetIcon aria-hidden />
          {pending ? t('preparing') : t('request')}
        </Button>
      </form>

      <div aria-live="polite" data-testid="price-list-status">
        {current && pending && (
          <div className="space-y-1.5">
            <progress className="h-2 w-full" max={100} value={percent} aria-label={t('preparing')} />
            <p className="text-sm text-slate-700">{current.total > 0 ? t('progress', { done: current.progress, total: current.total }) : t('statusQueued')}</p>
          </div>
        )}
        {current?.status === 'done' && current.download_url && (
          <Button asChild>
            <a href={current.download_url} download data-testid="price-list-download">
              <DownloadIcon aria-hidden />
              {t('download')} ({t('rows', { count: current.total })})
            </a>
          </Button>
        )}
        {current?.status === 'failed' && (
          <p role="alert" className="text-sm text-red-700">
            {current.error ?? t('failedText')}
          </p>
        )}
      </div>
    </div>
  );
}
