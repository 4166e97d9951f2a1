'use client';

import { useTranslations } from 'next-intl';
import { DifferenceTable } from '@/components/admin/difference-table';
import { formatAuditValue } from '@/lib/admin/format';
import { staleDifferences, type Snapshot, type StaleData } from '@/lib/admin/stale';
import { ColumnHeaders } from '@/components/ui/table';

/**
 * What a form shows when its save was refused because someone else saved first: the
 * message, each field where the saved version differs from what this user sent (their value and
 * the current one, in words when the server described them: "TJP-16111 · Preço"), and the ways
 * on: reload the current version (losing this user's edits, which stay on screen until then) or
 * keep editing on top of it (the form takes the new version).
 */
export function StaleNotice({
  stale,
  mine,
  labels = {},
  onReload,
  onKeepMine,
}: {
  stale: StaleData;
  mine: Snapshot;
  labels?: Record<string, string>;
  onReload: () => void;
  onKeepMine?: () => void;
}) {
  const t = useTranslations('Admin');
  // The server's words (server/audit/describe.ts) where it sent them; else a field-by-field comparison here.
  const words = stale.differences;
  const diffs = words ? [] : staleDifferences(mine, stale.current);
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="stale-notice">
      <p className="font-semibold">{t('staleTitle')}</p>
      <p className="mt-1">{t('staleBody')}</p>
      {words ? (
        words.length > 0 ? (
          <DifferenceTable rows={words} headers={{ field: t('staleField'), before: t('staleMine'), after: t('staleCurrent') }} tone="notice" testId="stale-differences" className="mt-3" />
        ) : null
      ) : diffs.length > 0 ? (
        <table className="mt-3 w-full text-left text-xs" data-testid="stale-differences">
          <thead>
            <ColumnHeaders cellClassName="py-1" columns={[{ label: t('staleField'), className: 'pr-2' }, { label: t('staleMine'), className: 'pr-2' }, t('staleCurrent')]} />
          </thead>
          <tbody>
            {diffs.map((d) => (
              <tr key={d.field} className="align-top">
                <td className="py-1 pr-2 font-medium">{labels[d.field] ?? d.field}</td>
                <td className="py-1 pr-2 break-all">{formatAuditValue(d.mine)}</td>
                <td className="py-1 break-all">{formatAuditValue(d.current)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onReload} className="rounded-md bg-amber-900 px-3 py-1.5 font-medium text-white hover:bg-amber-800">
          {t('staleReload')}
        </button>
        {onKeepMine ? (
          <button type="button" onClick={onKeepMine} className="rounded-md border border-amber-900 px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100">
            {t('staleKeepMine')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
