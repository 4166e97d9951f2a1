import type { Metadata } from 'next';
import Link from 'next/link';
import { ADMIN_SECTIONS } from '@/lib/auth/admin-sections';
import { hasPermission, PERMISSIONS } from '@/lib/auth/permissions';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Painel de gestão', robots: { index: false, follow: false } };

const ROLE_LABELS = { admin: 'Administrador', editor: 'Editor', viewer: 'Leitor' } as const;

/** /admin/dashboard (spec 2.4, 6): any signed-in user; lists the sections the user may open. */
export default async function AdminDashboardPage() {
  const viewer = await requirePageAccess('/admin/dashboard');
  const allowed = ADMIN_SECTIONS.filter((s) => viewer.isAdmin || (s.permission !== null && hasPermission(viewer.role, s.permission)));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Painel de gestão</h1>
      <p className="mt-2 text-slate-600">
        {viewer.displayName} · {viewer.isAdmin ? 'Administrador' : ROLE_LABELS[viewer.role]} · permissões: {(viewer.isAdmin ? PERMISSIONS.admin : PERMISSIONS[viewer.role]).join(', ')}
      </p>
      {allowed.length === 0 ? (
        <p className="mt-8 rounded-xl border bg-white p-6 text-slate-700">A sua conta não tem acesso a secções de gestão. Se precisa de acesso, fale com um administrador.</p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
