import { preload } from 'react-dom';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { CatalogueImage } from './catalogue-image';

/** Product images: the main one large, the others as thumbnails that link to the full image. */
function raster(url: string, width: number) {
  return rasterMediaUrl(url, width, 'webp', 80);
}

export function ProductGallery({ images, alts = [], name }: { images: string[]; alts?: readonly (string | null)[]; name: string }) {
  const [main, ...rest] = images;
  if (!main) return null;
  const srcSet = `${raster(main, 480)} 480w, ${raster(main, 720)} 720w, ${raster(main, 1000)} 1000w`;
  const sizes = '(min-width: 1024px) 40vw, 90vw';
  // The main image is the page's largest paint: ask for it from the head, before scripts.
  preload(raster(main, 720), { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: sizes });
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-2xl border bg-slate-50">
        <CatalogueImage src={raster(main, 720)} srcSet={srcSet} sizes={sizes} alt={alts[0] || name} width={720} height={720} fetchPriority="high" className="aspect-square w-full object-cover" />
      </div>
      {rest.length > 0 && (
        <ul className="grid grid-cols-5 gap-2">
          {rest.slice(0, 9).map((url, i) => (
            <li key={url}>
              <a href={url} className="block overflow-hidden rounded-lg border" target="_blank" rel="noopener">
                {/* eslint-disable-next-line @next/next/no-img-element -- thumbnails */}
                <img src={raster(url, 120)} alt={alts[i + 1] || `${name} — imagem ${i + 2}`} width={120} height={120} loading="lazy" className="aspect-square w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
