'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { CloudDownloadIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatOrderDateTime } from '@/lib/orders/format';
import { isOffline } from '@/lib/pwa/offline-notice';
import { cacheUrls, forgetGroup, savedGroups, workerSupported } from '@/lib/pwa/client';

interface Props {
  /** Names what is saved on the device (`favourites`, `obra:<id>`). */
  groupId: string;
  /** Shown on the offline page ("Disponível offline"). */
  label: string;
  /** This page first, then the product pages it links to; their images and technical sheets come along. */
  urls: string[];
}

/**
 * "Disponível offline": on the customer's request, the service worker keeps this page,
 * its product pages, their images and technical-sheet PDFs, with the time they were saved. Nothing
 * personal is kept without this click; signing out deletes it (lib/pwa/client.ts).
 */
export function SaveOfflineButton({ groupId, label, urls }: Props) {
  const t = useTranslations('OfflineSave');
  const [savedAt, setSavedAt] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [message, setMessage] = React.useState<string | null>(null);
  const [supported, setSupported] = React.useState(true);
  const hintId = React.useId();

  React.useEffect(() => {
    let live = true;
    if (!workerSupported()) {
      queueMicrotask(() => live && setSupported(false));
      return;
    }
    savedGroups().then((groups) => {
      if (live) setSavedAt(groups[groupId]?.savedAt ?? null);
    });
    return () => {
      live = false;
    };
  }, [groupId]);

  async function save() {
    if (isOffline()) {
      setMessage(t('needsConnection'));
      return;
    }
    setBusy(true);
    setMessage(t('saving'));
    const result = await cacheUrls(urls, { id: groupId, label });
    setBusy(false);
    if (!result) {
      setMessage(t('failed'));
      return;
    }
    if (result.savedAt && result.saved > 0) setSavedAt(result.savedAt);
    setMessage(result.ok ? t('done', { count: result.saved }) : result.saved > 0 ? t('partial', { failed: result.failed }) : t('failed'));
  }

  async function remove() {
    setBusy(true);
    await forgetGroup(groupId);
    setBusy(false);
    setSavedAt(null);
    setMessage(t('removed'));
  }

  if (!supported) return <p className="text-sm text-slate-600">{t('unsupported')}</p>;
  return (
    <div className="space-y-1" data-testid="save-offline">
      <div className="flex flex-wrap items-center gap-2">
        {savedAt ? (
          <>
            <span className="inline-flex items-center gap-1.5 rounded-md bg-emerald-50 px-2.5 py-1 text-sm font-medium text-emerald-900" data-testid="saved-offline-at">
              <CloudDownloadIcon aria-hidden className="size-4" />
              {t('savedAt', { date: formatOrderDateTime(savedAt) })}
            </span>
            <Button type="button" variant="outline" size="sm" onClick={() => void save()} disabled={busy}>
              <RefreshCwIcon aria-hidden />
              {t('refresh')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => void remove()} disabled={busy}>
              <Trash2Icon aria-hidden />
              {t('remove')}
            </Button>
          </>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => void save()} disabled={busy} aria-describedby={hintId}>
            <CloudDownloadIcon aria-hidden />
            {t('save')}
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t('savedHint')}
      </p>
      <p role="status" className="text-sm text-slate-800" data-testid="save-offline-status">
        {message}
      </p>
    </div>
  );
}
