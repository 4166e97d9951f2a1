import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CampaignCard } from '@/components/catalogue/campaign-card';
import { pageMetadata } from '@/lib/seo';
import { listCurrentCampaigns } from '@/server/campaigns/queries';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Campanhas',
  description: 'Campanhas e promoções em curso: aquecimento, casas de banho, piscinas, canalização e combate a incêndio.',
  path: '/campanhas',
});

export default async function CampaignsPage() {
  const campaigns = await listCurrentCampaigns();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs items={[{ label: 'Campanhas' }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Campanhas</h1>
      {campaigns.length === 0 ? (
        <p className="mt-8 rounded-xl border bg-white p-8 text-center text-slate-700">Nenhuma campanha disponível</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="campaign-list">
          {campaigns.map((c, i) => (
            <li key={c.id}>
              <CampaignCard campaign={c} priority={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
