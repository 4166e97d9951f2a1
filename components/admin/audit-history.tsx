import { DifferenceTable } from '@/components/admin/difference-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import type { DescribedAuditEntry } from '@/lib/admin/audit';

/**
 * "Histórico" of one record (the audit log): who changed what and when, each changed field
 * with its value before and after, newest first, in words (server/audit/describe.ts: field labels,
 * a product's models by code and field, names for ids, state labels, pt-PT prices). The page
 * reads `entries` with `listAuditInWords` (server/audit/views.ts), giving its own names of its
 * fields, used before the shared ones.
 */
export function AuditHistory({ entries: described }: { entries: DescribedAuditEntry[] }) {
  return (
    <section aria-labelledby="historico" className="rounded-xl border bg-white p-5" data-testid="audit-history">
      <h2 id="historico" className="text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      {described.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Sem alterações registadas.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {described.map((e) => (
            <li key={e.id} className="border-l-2 border-slate-200 pl-3" data-testid="audit-entry">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{e.action}</span> por {e.actor} · <time dateTime={e.at}>{formatAdminDateTime(e.at)}</time>
              </p>
              {e.summary ? <p className="text-sm text-slate-600">{e.summary}</p> : null}
              {e.showRows ? <DifferenceTable rows={e.rows} headers={{ field: 'Campo', before: 'Antes', after: 'Depois' }} /> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
