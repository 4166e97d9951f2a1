import Link from 'next/link';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { familyPath } from '@/lib/catalogue/urls';
import type { ChapterInfo, FamilyInfo } from '@/lib/catalogue/types';
import { Button } from '@/components/ui/button';

/** Family picker of a chapter page (spec 2.5): 10 columns on desktop, a list below 768 px. */
export function FamilyPicker({ chapter, families }: { chapter: ChapterInfo; families: FamilyInfo[] }) {
  return (
    <section aria-labelledby="family-picker" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="family-picker" className="text-lg font-semibold text-slate-900">
          Selecione uma família
        </h2>
        <Button asChild>
          <Link href={`/produtos/${chapter.slug}?view=all`}>Ver todos os produtos em {chapter.title}</Link>
        </Button>
      </div>
      <ul className="mt-4 grid grid-cols-1 gap-2 md:grid-cols-5 md:gap-4 lg:grid-cols-8 xl:grid-cols-10" data-testid="family-picker">
        {families.map((f) => (
          <li key={f.code}>
            <Link
              href={familyPath(chapter.slug, f.slug)}
              className="flex h-full items-center gap-3 rounded-lg border bg-white p-2 text-sm font-medium text-slate-800 shadow-xs transition hover:border-sky-300 hover:shadow-md md:flex-col md:p-3 md:text-center"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- 64x64 q70 webp family card (spec 9) */}
              <img src={rasterMediaUrl(f.imageUrl, 64, 'webp', 70)} alt="" width={64} height={64} loading="lazy" className="size-12 rounded-md md:size-16" />
              <span className="leading-snug">{f.title}</span>
              <span className="ml-auto text-xs font-normal text-slate-500 md:ml-0">{f.productCount} produtos</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
