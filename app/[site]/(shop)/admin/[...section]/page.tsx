import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { adminSectionFor } from '@/lib/auth/admin-sections';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Gestão', robots: { index: false, follow: false } };

type Params = Promise<{ section: string[] }>;

/**
 * The admin sections of spec 2.4 that later issues fill (campaigns, products, accounts…). The
 * access rules of spec 6 hold already: each path is checked here, before anything is shown.
 */
export default async function AdminSectionPage({ params }: { params: Params }) {
  const { section } = await params;
  const path = `/admin/${section.map((s) => encodeURIComponent(s)).join('/')}`;
  const known = adminSectionFor(path);
  await requirePageAccess(path);
  if (!known) notFound();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm text-slate-600">
        <Link href="/admin/dashboard" className="text-sky-800 hover:underline">
          Painel de gestão
        </Link>{' '}
        / {known.title}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{known.title}</h1>
      <p className="mt-2 text-slate-600">{known.description}</p>
      <p className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">Esta secção está em preparação e ficará disponível numa próxima atualização.</p>
    </div>
  );
}
