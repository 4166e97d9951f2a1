import { FileText } from 'lucide-react';

export interface DocumentItem {
  slug: string;
  title: string;
  description: string;
  href: string;
  productCount: number;
}

/** A grid of downloadable PDF catalogues. */
export function DocumentList({ documents, emptyText }: { documents: DocumentItem[]; emptyText: string }) {
  if (documents.length === 0) return <p className="rounded-xl border bg-white p-8 text-center text-slate-700">{emptyText}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="document-list">
      {documents.map((d) => (
        <li key={d.slug}>
          <a href={d.href} target="_blank" rel="noopener" className="flex h-full gap-4 rounded-xl border bg-white p-5 shadow-xs transition hover:shadow-md">
            <FileText aria-hidden className="size-10 shrink-0 text-red-600" />
            <span className="flex flex-col gap-1">
              <span className="font-semibold text-slate-900">{d.title}</span>
              <span className="text-sm text-slate-600">{d.description}</span>
              <span className="text-xs text-slate-500">PDF · {d.productCount} produtos</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
