'use client';

import { useRef, useState } from 'react';
import Link from 'next/link';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { campaignPath } from '@/lib/catalogue/urls';
import { cx } from '@/lib/class-names';

export interface CarouselCampaign {
  slug: string;
  title: string;
  description: string | null;
  category: string | null;
  image: string;
}

/** Minimum horizontal travel of a swipe (spec 9). */
export const SWIPE_THRESHOLD_PX = 50;

/** Featured campaigns: arrows on desktop, swipe on touch screens (spec 2.6). */
export function CampaignCarousel({ campaigns }: { campaigns: CarouselCampaign[] }) {
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const count = campaigns.length;
  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <div
      className="relative overflow-hidden rounded-2xl"
      role="region"
      aria-roledescription="carrossel"
      aria-label="Campanhas em destaque"
      onTouchStart={(e) => (startX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const end = e.changedTouches[0]?.clientX;
        if (startX.current !== null && end !== undefined) {
          const dx = end - startX.current;
          if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? 1 : -1);
        }
        startX.current = null;
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
    >
      <ul className="flex transition-transform duration-500 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${index * 100}%)` }}>
        {campaigns.map((c, i) => (
          <li key={c.slug} className="relative w-full shrink-0" aria-roledescription="diapositivo" aria-label={`${i + 1} de ${count}`} aria-hidden={i !== index}>
            <Link href={campaignPath(c.slug)} tabIndex={i === index ? 0 : -1} className="group block">
              {/* eslint-disable-next-line @next/next/no-img-element -- generated banner served resized */}
              <img src={c.image} alt="" width={1280} height={720} loading={i === 0 ? 'eager' : 'lazy'} className="aspect-[16/9] w-full object-cover md:aspect-[21/8]" />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-6 text-white md:p-10">
                {c.category && <p className="text-xs font-semibold uppercase tracking-wider text-cyan-200">{c.category}</p>}
                <h3 className="line-clamp-2 text-2xl font-bold md:text-3xl">{c.title}</h3>
                {c.description && <p className="mt-1 line-clamp-2 max-w-2xl text-sm text-white/90 md:text-base">{c.description}</p>}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <>
          <button type="button" onClick={() => go(-1)} aria-label="Campanha anterior" className="absolute top-1/2 left-3 hidden -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white md:block">
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button type="button" onClick={() => go(1)} aria-label="Campanha seguinte" className="absolute top-1/2 right-3 hidden -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white md:block">
            <ChevronRight aria-hidden className="size-5" />
          </button>
          <div className="absolute right-0 bottom-3 left-0 flex justify-center gap-2">
            {campaigns.map((c, i) => (
              <button
                key={c.slug}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Mostrar campanha ${i + 1}`}
                aria-current={i === index}
                // A 24 px target around the 10 px dot (WCAG 2.5.8 target size).
                className="group grid size-6 place-items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <span aria-hidden className={cx('size-2.5 rounded-full transition', i === index ? 'bg-white' : 'bg-white/50 group-hover:bg-white/80')} />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
