import type { Metadata } from 'next';
import { BrandForm } from '@/components/admin/brands/brand-form';
import { AdminPageHeader } from '@/components/admin/page-header';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Nova marca', robots: { index: false, follow: false } };

/** /admin/brands/new (`manage_products`). */
export default async function NewBrandPage() {
  await requirePageAccess('/admin/brands/new');
  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title="Nova marca" crumbs={[{ label: 'Marcas', href: '/admin/brands' }]} />
      <BrandForm initial={{ name: '', slug: '', logo: '', official_site: '', partner: false, partner_order: 0 }} />
    </div>
  );
}
