import Link from 'next/link';
import { generatedMediaUrl } from '@/lib/catalogue/media';

export interface ChapterTile {
  code: number;
  title: string;
  slug: string;
  theme: { from: string; to: string; accent: string };
  productCount: number;
}

/** Categories mode of /produtos: chapters in a grid of up to 8 columns on extra-large screens. */
export function ChapterTiles({ chapters }: { chapters: ChapterTile[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8" data-testid="chapter-tiles">
      {chapters.map((c) => (
        <li key={c.code}>
          <Link
            href={`/produtos/${c.slug}`}
            className="flex h-full flex-col items-center gap-2 rounded-xl border p-4 text-center shadow-xs transition hover:shadow-md"
            style={{ background: `linear-gradient(160deg, ${c.theme.from}, #fff)` }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- generated chapter art */}
            <img src={generatedMediaUrl('chapters', String(c.code), 'webp', 160)} alt="" width={160} height={80} loading="lazy" className="h-16 w-auto" />
            <span className="text-sm font-semibold leading-snug text-slate-900">{c.title}</span>
            <span className="text-xs text-slate-600">{c.productCount} produtos</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
