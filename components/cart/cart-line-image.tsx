import { rasterMediaUrl } from '@/lib/catalogue/media';
import type { CartItem } from '@/lib/cart/types';

/**
 * A cart line's thumbnail (the dropdown's and /cart's): the product's image rasterised at twice
 * the shown size, or an empty tile for a line without product data.
 */
export function CartLineImage({ item, size, quality, className }: { item: CartItem; size: number; quality: number; className: string }) {
  if (!item.product) return <span aria-hidden className={`${className} bg-slate-100`} />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated catalogue art, rasterised
    <img
      src={rasterMediaUrl(item.product.product_category_details.main_photo_url, size * 2, 'webp', quality)}
      alt=""
      width={size}
      height={size}
      className={`${className} object-cover`}
      loading="lazy"
    />
  );
}
