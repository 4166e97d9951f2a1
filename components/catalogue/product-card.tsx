import { FavouriteToggle } from '@/components/favourites/favourite-toggle';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { brandListingPath } from '@/lib/catalogue/urls';
import type { ProductCardData } from '@/lib/catalogue/types';
import { CardBuy } from '@/components/cart/card-buy';
import { SoftLink } from '@/components/ui/soft-link';
import { CatalogueImage } from './catalogue-image';

export type { ProductCardData };

/** Generated SVG art is served rasterised at the card's size (WebP). */
function cardImageSrc(url: string, width: number): string {
  return rasterMediaUrl(url, width, 'webp', 75);
}

/**
 * Product card of spec 2.5: image, brand logo, name (SEO name preferred), family link, and the
 * price block with the add-to-cart button (components/cart/card-buy.tsx). Two to a row on a
 * phone, where the quick add is not offered (spec 5).
 * Its links are SoftLinks (plain anchors, one listener for the page) rather than `next/link`: a
 * listing shows up to 50 cards with four links each, and a phone would hydrate every one of them
 * before answering a tap. Not prefetched either: most of those pages are never opened.
 * Cards off screen are not laid out until they come near it (`content-visibility: auto`, with a
 * height to hold their place that the browser replaces by the card's own once it has drawn it).
 */
export function ProductCard({
  product,
  priority = false,
}: {
  product: ProductCardData;
  priority?: boolean;
}) {
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition [content-visibility:auto] [contain-intrinsic-height:auto_24rem] hover:shadow-md"
      data-testid="product-card"
      data-product-code={product.productCode}
    >
      <SoftLink
        href={product.path}
        className="block aspect-square overflow-hidden bg-slate-50"
        tabIndex={-1}
        aria-hidden
      >
        <CatalogueImage
          src={cardImageSrc(product.imageUrl, 320)}
          srcSet={`${cardImageSrc(product.imageUrl, 320)} 320w, ${cardImageSrc(product.imageUrl, 480)} 480w`}
          sizes="(min-width: 1280px) 18vw, (min-width: 768px) 30vw, 48vw"
          alt=""
          width={320}
          height={320}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </SoftLink>
      {/* Favourites heart in the image corner, above the card's stretched link. */}
      <FavouriteToggle productCode={product.productCode} className="absolute right-2 top-2 z-10" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex min-h-8 items-center">
          {product.brandSlug && product.brandLogoUrl ? (
            <SoftLink
              href={brandListingPath(product.brandSlug)}
              className="inline-flex rounded focus-visible:ring-2 focus-visible:ring-sky-400"
              title={`Produtos ${product.brandName}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- small generated SVG logo */}
              <img
                src={product.brandLogoUrl}
                alt={product.brandName ?? ''}
                width={96}
                height={32}
                className="h-8 w-auto"
                loading="lazy"
              />
            </SoftLink>
          ) : (
            <span className="text-xs text-slate-500">Sem marca</span>
          )}
        </div>
        <h3 className="line-clamp-4 text-sm font-semibold leading-snug text-slate-900">
          <SoftLink
            href={product.path}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline"
          >
            {product.name}
          </SoftLink>
        </h3>
        <SoftLink
          href={product.familyPath}
          className="relative z-10 inline-flex min-h-6 w-fit items-center text-xs text-sky-700 hover:underline"
        >
          {product.familyTitle}
        </SoftLink>
        {product.availableSizes.length > 0 && (
          <p className="line-clamp-1 text-xs text-slate-500">
            <span className="sr-only">Medidas: </span>
            {product.availableSizes.slice(0, 6).join(' · ')}
            {product.availableSizes.length > 6 ? ' …' : ''}
          </p>
        )}
        {product.stockStatus === 'out_of_stock' && (
          <p className="text-xs font-medium text-red-700">Sem stock</p>
        )}
        {/* Price block (signed-in customers; 'Ver detalhes →' for visitors), discount badge and
            add-to-cart: a client leaf that asks the pricing endpoint, never the cached HTML. */}
        <div className="mt-auto pt-2" data-slot="price">
          <CardBuy productCode={product.productCode} productName={product.name} />
        </div>
      </div>
    </article>
  );
}
