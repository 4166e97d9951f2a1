import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface IconCardItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * `large`: a big icon above a large title (what we offer, the PRO benefits); `small`: a smaller
 * icon and text (what to bring to a claim); `inline`: the small card with its icon beside the text
 * (who the PRO area is for).
 */
type Layout = 'large' | 'small' | 'inline';

const STYLES: Record<Layout, { card: string; icon: string; title: string; text: string }> = {
  large: { card: 'p-6', icon: 'size-8', title: 'mt-3 text-lg font-semibold text-slate-900', text: 'mt-2 leading-relaxed text-slate-700' },
  small: { card: 'p-5', icon: 'size-6', title: 'mt-2 font-semibold text-slate-900', text: 'mt-1 text-sm leading-relaxed text-slate-700' },
  inline: { card: 'flex gap-3 p-4', icon: 'mt-0.5 size-6 shrink-0', title: 'font-semibold text-slate-900', text: 'mt-1 text-sm leading-relaxed text-slate-700' },
};

/**
 * A grid of cards of an information page, each an icon, a title (`<h3>`) and a short text.
 * `accent` colours the icons; a `highlight` card has a coloured top edge on grey instead of a
 * white card with a border.
 */
export function IconCards({
  items,
  layout,
  accent,
  highlight = false,
  className,
}: {
  items: readonly IconCardItem[];
  layout: Layout;
  accent: 'amber' | 'sky';
  highlight?: boolean;
  className: string;
}) {
  const style = STYLES[layout];
  const frame = highlight ? 'border-t-4 border-amber-500 bg-slate-50' : 'border border-slate-200 bg-white';
  const iconClass = cn(style.icon, accent === 'amber' ? 'text-amber-600' : 'text-sky-700');
  return (
    <ul className={className}>
      {items.map((item) => {
        const heading = <h3 className={style.title}>{item.title}</h3>;
        const text = <p className={style.text}>{item.text}</p>;
        return (
          <li key={item.title} className={cn('rounded-lg', frame, style.card)}>
            <item.icon aria-hidden="true" className={iconClass} />
            {layout === 'inline' ? (
              <div>
                {heading}
                {text}
              </div>
            ) : (
              <>
                {heading}
                {text}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
