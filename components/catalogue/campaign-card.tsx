import Link from 'next/link';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { campaignPath } from '@/lib/catalogue/urls';
import { lazyFormat } from '@/lib/intl';

export interface CampaignCardData {
  slug: string;
  title: string;
  description: string | null;
  category: string | null;
  imageUrl: string;
  endsAt: string | null;
}

const dateFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Lisbon',
    }),
);

export function campaignImage(url: string, width: number) {
  return rasterMediaUrl(url, width, 'webp', 75);
}

export function CampaignCard({
  campaign,
  priority = false,
}: {
  campaign: CampaignCardData;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition hover:shadow-md">
      {/* eslint-disable-next-line @next/next/no-img-element -- generated banner served resized */}
      <img
        src={campaignImage(campaign.imageUrl, 640)}
        alt=""
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {campaign.category && (
          <p className="text-xs font-semibold uppercase tracking-wide text-sky-700">
            {campaign.category}
          </p>
        )}
        <h2 className="line-clamp-2 text-lg font-bold text-slate-900">
          <Link
            href={campaignPath(campaign.slug)}
            className="after:absolute after:inset-0 after:content-['']"
          >
            {campaign.title}
          </Link>
        </h2>
        {campaign.description && (
          <p className="line-clamp-3 text-sm text-slate-600">{campaign.description}</p>
        )}
        {campaign.endsAt && (
          <p className="mt-auto pt-2 text-xs text-slate-500">
            Válida até {dateFormat().format(new Date(campaign.endsAt))}
          </p>
        )}
      </div>
    </article>
  );
}
