import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { CampaignForm } from '@/components/admin/campaigns/campaign-form';
import { DeleteCampaignButton } from '@/components/admin/campaigns/delete-campaign-button';
import { AdminPageHeader } from '@/components/admin/page-header';
import { toLisbonInput } from '@/lib/campaigns/dates';
import { CAMPAIGN_FIELD_LABELS } from '@/lib/campaigns/labels';
import { campaignPath } from '@/lib/catalogue/urls';
import { requirePageAccess } from '@/server/auth/session';
import { CAMPAIGN_ENTITY, getAdminCampaign } from '@/server/campaigns/admin';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Editar campanha', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /admin/campaigns/edit/{id} (`manage_campaigns`): the form, the delete and the history. */
export default async function EditCampaignPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  await requirePageAccess(`/admin/campaigns/edit/${encodeURIComponent(id)}`);
  const campaign = await getAdminCampaign(id);
  if (!campaign) notFound();
  const created = Boolean((await searchParams).criada);
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <AdminPageHeader
        title={campaign.title}
        description={
          campaign.state === 'current' ? (
            <Link href={campaignPath(campaign.slug)} prefetch={false} className="text-sky-800 hover:underline">
              Ver na loja
            </Link>
          ) : (
            'Não visível na loja neste momento.'
          )
        }
        crumbs={[{ label: 'Campanhas', href: '/admin/campaigns' }, { label: 'Editar' }]}
        actions={<DeleteCampaignButton id={campaign.id} title={campaign.title} />}
      />
      <CampaignForm
        id={campaign.id}
        version={campaign.version}
        created={created}
        initial={{
          title: campaign.title,
          slug: campaign.slug,
          description: campaign.description ?? '',
          category: campaign.category ?? '',
          image: campaign.image ?? '',
          starts_at: toLisbonInput(campaign.starts_at),
          ends_at: toLisbonInput(campaign.ends_at),
          active: campaign.active,
          featured: campaign.featured,
          product_codes: campaign.product_codes,
        }}
        initialProducts={campaign.products.map((p) => ({ code: p.code, name: p.name, imageUrl: p.imageUrl }))}
      />
      <AuditHistory entries={await listAuditInWords(CAMPAIGN_ENTITY, campaign.id, CAMPAIGN_FIELD_LABELS)} />
    </div>
  );
}
