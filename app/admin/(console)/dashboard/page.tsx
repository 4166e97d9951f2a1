import type { Metadata } from 'next';
import Link from 'next/link';
import { roleLabel } from '@/components/admin/admin-shell';
import { AdminPageHeader } from '@/components/admin/page-header';
import { sectionsFor } from '@/lib/auth/admin-sections';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Painel de gestão' };

/** /admin/dashboard (spec 2.4, 6): any signed-in user; the sections the user may open. */
export default async function AdminDashboardPage() {
  const viewer = await requirePageAccess('/admin/dashboard');
  const allowed = sectionsFor(viewer);
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Painel de gestão" crumbs={[]} description={`${viewer.displayName} · ${roleLabel(viewer)}`} />
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
