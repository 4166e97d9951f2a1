import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: { absolute: 'Gestão' } };

type Params = Promise<{ section: string[] }>;

/**
 * Admin paths that no screen answers (`/admin/products/xyz`, `/admin/anything`): gated like every
 * admin path first (spec 6: a section's own permission, the admin flag for unknown paths), so
 * the answer never tells someone without access which paths exist; then 404.
 */
export default async function AdminUnknownPage({ params }: { params: Params }) {
  const { section } = await params;
  await requirePageAccess(`/admin/${section.map((s) => encodeURIComponent(s)).join('/')}`);
  notFound();
}
