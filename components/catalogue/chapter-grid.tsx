import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getChapterDefinition } from '@/lib/catalogue/chapters';
import { generatedMediaUrl } from '@/lib/catalogue/media';
import { cn } from '@/lib/utils';
import type { ChapterSummary } from '@/lib/catalogue/types';

/** The chapter cards of the home page; chapters 10, 30, 110 and 200 are wide (spec 2.1). */
export async function ChapterGrid({ chapters }: { chapters: ChapterSummary[] }) {
  const t = await getTranslations('Home');
  return (
    <ul className="mt-8 grid grid-flow-dense grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="chapter-grid">
      {chapters.map((chapter) => {
        const wide = getChapterDefinition(chapter.code)?.wide ?? false;
        return (
          <li key={chapter.code} className={cn(wide && 'sm:col-span-2')}>
            <Link
              href={`/produtos/${chapter.slug}`}
              className="group relative flex h-44 flex-col justify-end overflow-hidden rounded-xl border p-5 shadow-sm transition hover:shadow-md focus-visible:ring-4 focus-visible:ring-sky-300"
              style={{ background: `linear-gradient(135deg, ${chapter.theme.from}, ${chapter.theme.to})` }}
              data-chapter-code={chapter.code}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG art, no optimisation needed */}
              <img
                src={generatedMediaUrl('chapters', String(chapter.code))}
                alt=""
                aria-hidden
                className="pointer-events-none absolute -right-6 -top-6 h-40 w-auto opacity-60 transition group-hover:scale-105"
                loading="lazy"
              />
              <span className="relative text-xs font-semibold uppercase tracking-wide" style={{ color: chapter.theme.accent }}>
                {chapter.code}
              </span>
              <span className="relative text-lg font-bold leading-snug text-slate-900">{chapter.title}</span>
              <span className="relative mt-1 text-sm text-slate-700" data-testid="chapter-count">
                {t('productCount', { count: chapter.productCount })} · {t('familyCount', { count: chapter.familyCount })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
