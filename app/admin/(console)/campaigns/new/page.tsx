import type { Metadata } from 'next';
import { CampaignForm } from '@/components/admin/campaigns/campaign-form';
import { AdminPageHeader } from '@/components/admin/page-header';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Nova campanha', robots: { index: false, follow: false } };

/** /admin/campaigns/new (`manage_campaigns`). */
export default async function NewCampaignPage() {
  await requirePageAccess('/admin/campaigns/new');
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Nova campanha" crumbs={[{ label: 'Campanhas', href: '/admin/campaigns' }]} />
      <CampaignForm
        initial={{ title: '', slug: '', description: '', category: '', image: '', starts_at: '', ends_at: '', active: true, featured: false, product_codes: [] }}
        initialProducts={[]}
      />
    </div>
  );
}
