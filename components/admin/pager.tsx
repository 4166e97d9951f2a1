import Link from 'next/link';
import { formatInteger } from '@/lib/format';

/**
 * "Anterior / Seguinte" of an admin list, keeping the list's other query parameters; `page` is
 * 1-based and travels as `?pagina=`.
 */
export function AdminPager({ base, query, page, pageSize, total }: { base: string; query: Record<string, string | undefined>; page: number; pageSize: number; total: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
    if (p > 1) params.set('pagina', String(p));
    else params.delete('pagina');
    const qs = params.toString();
    return qs ? `${base}?${qs}` : base;
  };
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>
        {formatInteger(from)}–{formatInteger(to)} de {formatInteger(total)}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link href={href(page - 1)} prefetch={false} className="rounded-md border bg-white px-3 py-1.5 hover:bg-slate-50" rel="prev">
            Anterior
          </Link>
        ) : null}
        <span className="px-2 py-1.5">
          Página {page} de {pages}
        </span>
        {page < pages ? (
          <Link href={href(page + 1)} prefetch={false} className="rounded-md border bg-white px-3 py-1.5 hover:bg-slate-50" rel="next">
            Seguinte
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** The 1-based page of `?pagina=` (anything else is page 1). */
export function pageParam(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
