/**
 * The image rule of spec 2.6 as plain DOM code, run by one small client leaf for every catalogue
 * image of the page (components/catalogue/image-retry.tsx), so the images themselves are plain
 * server-rendered `<img>` and product cards need no hydration: on a load failure retry up to 2
 * times with a cache-busting parameter, then show the fallback (the shop's logo mark, or the
 * text 'Imagem não disponível').
 */
export const MAX_IMAGE_RETRIES = 2;
export const IMAGE_FALLBACK_ATTR = 'data-fallback';
export const UNAVAILABLE_TEXT = 'Imagem não disponível';

export function withRetry(src: string, attempt: number): string {
  if (attempt === 0) return src;
  const clean = src.replace(/([?&])retry=\d+(&|$)/, (_m, sep: string, end: string) => (end ? sep : '')).replace(/[?&]$/, '');
  return `${clean}${clean.includes('?') ? '&' : '?'}retry=${attempt}`;
}

function fallbackDataUri(kind: string): string {
  const body =
    kind === 'logo'
      ? '<path d="M100 50c25 33 50 60 50 87a50 50 0 0 1-100 0c0-27 25-54 50-87Z" fill="none" stroke="#0369a1" stroke-opacity=".6" stroke-width="8"/>'
      : `<text x="100" y="105" font-family="system-ui,sans-serif" font-size="14" fill="#475569" text-anchor="middle">${UNAVAILABLE_TEXT}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><rect width="200" height="200" fill="#f1f5f9"/>${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Handles one failed load of a catalogue image (an `<img data-fallback>`); returns what it did. */
export function handleImageError(img: HTMLImageElement): 'retry' | 'fallback' | 'ignored' {
  const kind = img.getAttribute(IMAGE_FALLBACK_ATTR);
  if (kind === null || img.dataset.failed === 'true') return 'ignored';
  const attempt = Number(img.dataset.attempt ?? 0) + 1;
  img.dataset.attempt = String(attempt);
  if (attempt <= MAX_IMAGE_RETRIES) {
    const original = img.dataset.src ?? img.getAttribute('src') ?? '';
    img.dataset.src = original;
    img.removeAttribute('srcset');
    img.setAttribute('src', withRetry(original, attempt));
    return 'retry';
  }
  img.dataset.failed = 'true';
  img.removeAttribute('srcset');
  if (!img.getAttribute('alt')) img.setAttribute('alt', UNAVAILABLE_TEXT);
  img.setAttribute('title', UNAVAILABLE_TEXT);
  img.setAttribute('src', fallbackDataUri(kind));
  return 'fallback';
}
