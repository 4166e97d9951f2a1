import type { ImgHTMLAttributes } from 'react';
import { IMAGE_FALLBACK_ATTR } from '@/lib/catalogue/image-retry';

/**
 * A catalogue image (spec 2.6): a plain server-rendered `<img>`; its retries and fallback on a
 * load failure are handled for the whole page by one client leaf (`ImageRetry`, in the root
 * layout), so a listing of 50 cards hydrates no image component.
 */
export function CatalogueImage({
  src,
  alt,
  fallback = 'text',
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; fallback?: 'text' | 'logo' }) {
  // eslint-disable-next-line @next/next/no-img-element -- our /media route already serves resized WebP
  return <img {...rest} src={src} alt={alt} {...{ [IMAGE_FALLBACK_ATTR]: fallback }} />;
}
