import { rasterMediaUrl } from '@/lib/catalogue/media';
import type { CartItem } from '@/lib/cart/types';

/**
 * A cart line's thumbnail (the dropdown's, /cart's and the checkout review's): the model's own
 * photo when it has one, else the product's, rasterised at twice the shown size; an empty tile
 * for a line without product data.
 */
export function CartLineImage({ item, size, quality, className }: { item: CartItem; size: number; quality: number; className: string }) {
  if (!item.product) return <span aria-hidden className={`${className} bg-slate-100`} />;
  const src = item.product.image_url || item.product.product_category_details.main_photo_url;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated catalogue art, rasterised
    <img
      src={rasterMediaUrl(src, size * 2, 'webp', quality)}
      alt=""
      width={size}
      height={size}
      className={`${className} object-cover`}
      loading="lazy"
      data-testid="line-image"
    />
  );
}
