'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { ApiBody } from '@/lib/api/types';
import type { SearchResultJson } from '@/lib/catalogue/types';
import { ProductCard, type ProductCardData } from './product-card';

function toCard(item: SearchResultJson): ProductCardData {
  return {
    productCode: item.product_code,
    name: item.seo_optimized_name || item.name,
    imageUrl: item.image_url,
    path: item.url,
    brandName: item.brand,
    brandSlug: item.brand_slug,
    brandLogoUrl: item.brand_logo_url,
    familyTitle: item.family,
    familyPath: item.family_url,
    availableSizes: item.available_sizes,
    stockStatus: item.stock_status,
  };
}

/**
 * Infinite scroll after the server-rendered first page (spec 2.5): loads pages of `pageSize`
 * from the listing API when the sentinel nears the viewport, shows a spinner, an error with
 * retry, and 'N de M produtos' at the end. The server-rendered pager is hidden once this runs.
 */
export function InfiniteProducts({
  apiUrl,
  startOffset,
  total,
  pageSize,
}: {
  /** Listing API URL without limit/offset. */
  apiUrl: string;
  /** Offset of the first product not yet rendered (server pages end there). */
  startOffset: number;
  total: number;
  pageSize: number;
}) {
  const [items, setItems] = useState<ProductCardData[]>([]);
  const [offset, setOffset] = useState(startOffset);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const done = offset >= total;

  useEffect(() => {
    document.querySelectorAll<HTMLElement>('[data-pager]').forEach((el) => (el.hidden = true));
  }, []);

  const loadMore = useCallback(async () => {
    if (loading || done || failed) return;
    setLoading(true);
    try {
      const sep = apiUrl.includes('?') ? '&' : '?';
      const res = await fetch(`${apiUrl}${sep}limit=${pageSize}&offset=${offset}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as ApiBody<SearchResultJson[]>;
      if (!body.success) throw new Error(body.message);
      setItems((prev) => [...prev, ...body.data.map(toCard)]);
      setOffset((o) => (body.data.length === 0 ? total : o + body.data.length));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [apiUrl, done, failed, loading, offset, pageSize, total]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || done) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: '800px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, done]);

  const count = Math.min(total, offset);
  return (
    <>
      {items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5" aria-label="Mais produtos">
          {items.map((p) => (
            <li key={p.productCode}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="flex min-h-12 flex-col items-center justify-center gap-3 py-6" aria-live="polite">
        {loading && (
          <span className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Loader2 className="size-5 animate-spin" aria-hidden /> A carregar produtos…
          </span>
        )}
        {failed && (
          <div className="flex flex-col items-center gap-2 text-sm text-red-700" role="alert">
            <p>Não foi possível carregar mais produtos.</p>
            {/* Button's outline/sm look written out: Button would bring tailwind-merge to every listing. */}
            <button
              type="button"
              data-slot="button"
              className="inline-flex h-8 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border bg-background px-3 text-sm font-medium shadow-xs outline-none transition-all hover:bg-accent hover:text-accent-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 has-[>svg]:px-2.5 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"
              onClick={() => window.location.reload()}
            >
              Tentar novamente
            </button>
          </div>
        )}
        {done && total > 0 && (
          <p className="text-sm text-slate-600" data-testid="listing-end">
            {count} de {total} produtos
          </p>
        )}
      </div>
    </>
  );
}
