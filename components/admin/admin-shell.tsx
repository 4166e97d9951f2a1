import Link from 'next/link';
import { ADMIN_SECTION_GROUPS, sectionsFor } from '@/lib/auth/admin-sections';
import { ROLE_LABELS } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import { AdminNavLink } from './admin-nav-link';
import { AdminSignOut } from './admin-sign-out';

export function roleLabel(viewer: Pick<Viewer, 'role' | 'isAdmin'>): string {
  return viewer.isAdmin ? 'Administrador' : ROLE_LABELS[viewer.role];
}

/**
 * The frame of every admin screen: not the shop's header and footer, but a sidebar of
 * the sections the user may open (spec 6; a reader sees only the dashboard), the user block and
 * the page. Below 1024 px the sidebar folds into a "Menu" disclosure above the page.
 */
export function AdminShell({ viewer, children }: { viewer: Viewer; children: React.ReactNode }) {
  const sections = sectionsFor(viewer);
  const nav = (
    <nav aria-label="Gestão" className="space-y-5">
      <ul>
        <li>
          <AdminNavLink href="/admin/dashboard">Painel</AdminNavLink>
        </li>
      </ul>
      {ADMIN_SECTION_GROUPS.map((group) => {
        const items = sections.filter((s) => s.group === group.id);
        if (items.length === 0) return null;
        return (
          <div key={group.id}>
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</p>
            <ul className="mt-1">
              {items.map((s) => (
                <li key={s.path}>
                  <AdminNavLink href={s.path}>{s.title}</AdminNavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#conteudo-gestao"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Saltar para o conteúdo
      </a>
      <aside className="hidden border-r bg-white lg:block">
        <div className="sticky top-0 flex max-h-screen flex-col overflow-y-auto p-4">
          <Link href="/admin/dashboard" className="mb-6 block px-3 text-lg font-bold text-slate-900">
            Gestão da loja
          </Link>
          {nav}
        </div>
      </aside>
      <div className="min-w-0">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b bg-white px-4 py-3 lg:px-8">
          <details className="lg:hidden">
            <summary className="cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium">Menu</summary>
            <div className="absolute left-2 right-2 z-40 mt-2 rounded-lg border bg-white p-3 shadow-lg">{nav}</div>
          </details>
          <Link href="/" className="text-sm text-sky-800 hover:underline">
            Ver a loja
          </Link>
          <div className="flex items-center gap-3" data-testid="admin-user">
            <div className="text-right text-sm leading-tight">
              <p className="font-medium text-slate-900">{viewer.displayName}</p>
              <p className="text-slate-600">
                {roleLabel(viewer)} · {viewer.email}
              </p>
            </div>
            <AdminSignOut />
          </div>
        </header>
        <main id="conteudo-gestao" className="px-4 py-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
