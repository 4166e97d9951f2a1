import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { campaignImage } from '@/components/catalogue/campaign-card';
import { ProductCard } from '@/components/catalogue/product-card';
import { campaignPeriod } from '@/lib/campaigns/dates';
import { toCardData } from '@/lib/catalogue/cards';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { campaignPath } from '@/lib/catalogue/urls';
import { pageMetadata } from '@/lib/seo';
import { getCurrentCampaign } from '@/server/campaigns/queries';

export const revalidate = 3600;

/** Rendered on first request, then cached (nothing at build time: the build has no database). */
export function generateStaticParams(): never[] {
  return [];
}

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const campaign = await getCurrentCampaign((await params).slug);
  if (!campaign) return {};
  return pageMetadata({
    title: campaign.title,
    description: campaign.description ?? campaign.title,
    path: campaignPath(campaign.slug),
    image: rasterMediaUrl(campaign.imageUrl, 1200, 'png'),
  });
}

export default async function CampaignPage({ params }: { params: Params }) {
  const campaign = await getCurrentCampaign((await params).slug);
  if (!campaign) notFound();
  const period = campaignPeriod(campaign.startsAt, campaign.endsAt);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs items={[{ label: 'Campanhas', href: '/campanhas' }, { label: campaign.title }]} />
      <div className="mt-6 overflow-hidden rounded-2xl border">
        {/* eslint-disable-next-line @next/next/no-img-element -- generated banner */}
        <img src={campaignImage(campaign.imageUrl, 1280)} alt="" width={1280} height={720} fetchPriority="high" className="aspect-[21/9] w-full object-cover" />
      </div>
      {campaign.category && <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-sky-700">{campaign.category}</p>}
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{campaign.title}</h1>
      {period ? (
        <p className="mt-2 text-sm font-medium text-slate-700" data-testid="campaign-period">
          <time dateTime={campaign.startsAt ?? undefined}>{period}</time>
        </p>
      ) : null}
      {campaign.description && <p className="mt-3 max-w-3xl text-lg text-slate-700">{campaign.description}</p>}
      <section aria-labelledby="campanha-produtos" className="mt-10">
        <h2 id="campanha-produtos" className="text-xl font-bold text-slate-900">
          Produtos em campanha ({campaign.products.length})
        </h2>
        {campaign.products.length === 0 ? (
          <p className="mt-4 text-slate-700">Nenhum produto disponível</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
            {campaign.products.map((p) => (
              <li key={p.id}>
                <ProductCard product={toCardData(p)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
