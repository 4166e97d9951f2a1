import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminPageHeader } from '@/components/admin/page-header';
import { adminSectionFor } from '@/lib/auth/admin-sections';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Gestão' };

type Params = Promise<{ section: string[] }>;

/**
 * Admin paths of spec 2.4 whose screens are not built yet. The access rules of spec 6 hold: each
 * path is checked here, before anything is shown (unknown paths need the admin flag, then 404).
 */
export default async function AdminSectionPage({ params }: { params: Params }) {
  const { section } = await params;
  const path = `/admin/${section.map((s) => encodeURIComponent(s)).join('/')}`;
  const known = adminSectionFor(path);
  await requirePageAccess(path);
  if (!known) notFound();
  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title={known.title} description={known.description} />
      <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">Esta secção está em preparação e ficará disponível numa próxima atualização.</p>
    </div>
  );
}
