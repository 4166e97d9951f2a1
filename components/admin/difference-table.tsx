import type { DifferenceRow } from '@/lib/admin/stale';

/**
 * Differences in words as a small table (rows from server/audit/describe.ts): the field ("Nome",
 * "TJP-16111 · Preço"), one version and the other. No hooks: the stale-save notice (a client
 * form) and the history (a server component) both render it.
 */
export function DifferenceTable({
  rows,
  headers,
  tone = 'history',
  testId,
  className = 'mt-1',
}: {
  rows: readonly DifferenceRow[];
  headers: { field: string; before: string; after: string };
  tone?: 'history' | 'notice';
  testId?: string;
  className?: string;
}) {
  const [before, after] = tone === 'history' ? ['text-red-800', 'text-green-800'] : ['', ''];
  return (
    <table className={`${className} w-full table-fixed text-left text-xs`} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col" className="w-1/3 py-0.5 pr-2 font-medium">{headers.field}</th>
          <th scope="col" className="w-1/3 py-0.5 pr-2 font-medium">{headers.before}</th>
          <th scope="col" className="w-1/3 py-0.5 font-medium">{headers.after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.label}-${i}`} className="align-top" data-testid="difference-row">
            <th scope="row" className="py-0.5 pr-2 font-normal break-words">{r.label}</th>
            <td className={`py-0.5 pr-2 break-words ${before}`}>{r.before}</td>
            <td className={`py-0.5 break-words ${after}`}>{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
