import Link from 'next/link';
import { Check } from 'lucide-react';
import { toggleFacet, type Facet, type FacetSelection } from '@/lib/catalogue/facets';
import { cn } from '@/lib/utils';

const VISIBLE_OPTIONS = 8;

/**
 * Technical-attribute filters of a family, as plain links (they work without JavaScript and
 * crawlers are told not to follow them). Several values of one attribute are alternatives.
 */
export function FacetFilters({
  facets,
  selection,
  hrefFor,
}: {
  facets: Facet[];
  selection: FacetSelection;
  hrefFor: (selection: Record<string, string[]>) => string;
}) {
  if (facets.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="facet-filters">
      <h2 className="text-sm font-semibold text-slate-900">Características técnicas</h2>
      {facets.map((facet) => {
        const option = (o: Facet['options'][number]) => (
          <li key={o.key}>
            <Link
              href={hrefFor(toggleFacet(selection, facet.slug, o.key))}
              rel="nofollow"
              scroll={false}
              aria-current={o.active ? 'true' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-slate-100',
                o.active ? 'font-semibold text-sky-900' : 'text-slate-700',
                o.count === 0 && !o.active && 'text-slate-500',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-4 shrink-0 items-center justify-center rounded border',
                  o.active ? 'border-sky-700 bg-sky-700 text-white' : 'border-slate-400 bg-white',
                )}
              >
                {o.active && <Check className="size-3" />}
              </span>
              <span className="min-w-0 flex-1 truncate">
                {o.label}
                {o.active && <span className="sr-only"> (selecionado)</span>}
              </span>
              <span className="text-xs text-slate-600">{o.count}</span>
            </Link>
          </li>
        );
        const [first, rest] = splitOptions(facet.options);
        return (
          <section key={facet.slug} aria-label={facet.name} className="space-y-1" data-facet={facet.slug}>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{facet.name}</h3>
            <ul className="space-y-0.5">{first.map(option)}</ul>
            {rest.length > 0 && (
              <details className="group">
                <summary className="cursor-pointer list-none px-2 py-1 text-xs font-medium text-sky-800 hover:underline">
                  <span className="group-open:hidden">Mais {rest.length}</span>
                  <span className="hidden group-open:inline">Menos</span>
                </summary>
                <ul className="space-y-0.5">{rest.map(option)}</ul>
              </details>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The first options stay in view, with every selected one among them. */
function splitOptions(options: Facet['options']): [Facet['options'], Facet['options']] {
  if (options.length <= VISIBLE_OPTIONS + 2) return [options, []];
  const first = options.slice(0, VISIBLE_OPTIONS);
  const rest = options.slice(VISIBLE_OPTIONS);
  return [[...first, ...rest.filter((o) => o.active)], rest.filter((o) => !o.active)];
}
