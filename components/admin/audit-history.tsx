import { formatAdminDateTime, formatAuditValue } from '@/lib/admin/format';
import type { AuditEntryView } from '@/lib/admin/audit';

const ACTIONS: Record<string, string> = {
  create: 'Criado',
  update: 'Alterado',
  delete: 'Eliminado',
  deactivate: 'Desativado',
  bulk: 'Ação em massa',
  merge: 'Fusão',
  import: 'Importação',
  other: 'Outro',
};

/**
 * "Histórico" of one record (issue 13 audit log): who changed what and when, each changed field
 * with its value before and after, newest first. `entries` come from `listAudit` (server/admin/audit.ts), read by the page; `labels` names
 * the fields in Portuguese.
 */
export function AuditHistory({ entries, labels = {} }: { entries: AuditEntryView[]; labels?: Record<string, string> }) {
  return (
    <section aria-labelledby="historico" className="rounded-xl border bg-white p-5" data-testid="audit-history">
      <h2 id="historico" className="text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Sem alterações registadas.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {entries.map((e) => (
            <li key={e.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{ACTIONS[e.action] ?? e.action}</span> por {e.actor} ·{' '}
                <time dateTime={e.at}>{formatAdminDateTime(e.at)}</time>
              </p>
              {e.summary ? <p className="text-sm text-slate-600">{e.summary}</p> : null}
              {e.changes.length > 0 && e.action !== 'create' && e.action !== 'delete' ? (
                <table className="mt-1 w-full text-left text-xs text-slate-700">
                  <thead>
                    <tr>
                      <th scope="col" className="py-0.5 pr-2 font-medium">Campo</th>
                      <th scope="col" className="py-0.5 pr-2 font-medium">Antes</th>
                      <th scope="col" className="py-0.5 font-medium">Depois</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.map((c) => (
                      <tr key={c.field} className="align-top">
                        <td className="py-0.5 pr-2">{labels[c.field] ?? c.field}</td>
                        <td className="py-0.5 pr-2 break-all text-red-800">{formatAuditValue(c.before)}</td>
                        <td className="py-0.5 break-all text-green-800">{formatAuditValue(c.after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
