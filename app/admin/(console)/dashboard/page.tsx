import type { Metadata } from 'next';
import Link from 'next/link';
import { roleLabel } from '@/components/admin/admin-shell';
import { CustomerAreaPage } from '@/components/admin/customer-area';
import { AdminPageHeader } from '@/components/admin/page-header';
import { sectionsFor } from '@/lib/auth/admin-sections';
import { isStaff } from '@/lib/auth/permissions';
import { formatInteger, formatPrice } from '@/lib/format';
import { getDashboardFigures } from '@/server/admin/dashboard';
import { getViewer, requirePageAccess } from '@/server/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const viewer = await getViewer();
  return { title: viewer && !isStaff(viewer) ? 'Área do pessoal da loja' : 'Painel de gestão' };
}

/**
 * /admin/dashboard (spec 2.4, 6): any signed-in user. A customer gets the customers' page (this
 * area is for the shop's staff; it links to their account). Staff get what needs attention,
 * counted from the data (products without image or Google category, campaigns ending this week,
 * searches without results this week, changes since the last print, orders and sales of the last
 * 7 days, overdue orders, pending access requests — each only for a user who may see it, linked
 * only where they may open its list), then the sections the user may open.
 */
export default async function AdminDashboardPage() {
  const viewer = await requirePageAccess('/admin/dashboard');
  if (!isStaff(viewer)) return <CustomerAreaPage viewer={viewer} />;
  const allowed = sectionsFor(viewer);
  const figures = await getDashboardFigures(viewer);
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Painel de gestão" crumbs={[]} description={`${viewer.displayName} · ${roleLabel(viewer)}`} />
      {figures.length > 0 ? (
        <section aria-labelledby="painel-numeros" className="mb-8">
          <h2 id="painel-numeros" className="sr-only">
            Números de hoje
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="dashboard-figures">
            {figures.map((f) => {
              const body = (
                <>
                  <span className="block text-3xl font-bold tabular-nums text-slate-900">{f.unit === 'euro' ? formatPrice(f.value) : formatInteger(f.value)}</span>
                  <span className="mt-1 block text-sm text-slate-700">{f.label}</span>
                </>
              );
              const box = `block h-full rounded-xl border bg-white p-4 ${f.attention ? 'border-amber-300' : ''}`;
              return (
                <li key={f.id}>
                  {f.href ? (
                    <Link href={f.href} prefetch={false} data-figure={f.id} className={`${box} hover:shadow`}>
                      {body}
                    </Link>
                  ) : (
                    <div data-figure={f.id} className={box}>
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Secções</h2>
      {allowed.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-slate-700">A sua conta não tem acesso a secções de gestão. Se precisa de acesso, fale com um administrador.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {allowed.map((s) => (
            <li key={s.path}>
              <Link href={s.path} prefetch={false} className="block h-full rounded-xl border bg-white p-5 hover:border-sky-400 hover:shadow">
                <span className="font-semibold text-slate-900">{s.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{s.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
