import Link from 'next/link';

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * The top of an admin screen: breadcrumbs (always from the dashboard), the title, a line of
 * explanation and the screen's main actions (e.g. "Novo produto").
 */
export function AdminPageHeader({ title, description, crumbs = [], actions }: { title: string; description?: React.ReactNode; crumbs?: Crumb[]; actions?: React.ReactNode }) {
  const trail: Crumb[] = [{ label: 'Painel', href: '/admin/dashboard' }, ...crumbs];
  return (
    <div className="mb-6 space-y-2">
      <nav aria-label="Localização">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          {trail.map((c, i) => (
            <li key={`${c.label}-${i}`} className="flex items-center gap-1">
              {i > 0 && <span aria-hidden>/</span>}
              {c.href ? (
                <Link href={c.href} prefetch={false} className="text-sky-800 hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span aria-current="page">{c.label}</span>
              )}
            </li>
          ))}
          {crumbs.length === 0 || crumbs[crumbs.length - 1]?.href ? (
            <li className="flex items-center gap-1">
              <span aria-hidden>/</span>
              <span aria-current="page">{title}</span>
            </li>
          ) : null}
        </ol>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
