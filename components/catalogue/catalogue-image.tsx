'use client';

import { useState, type ImgHTMLAttributes } from 'react';

const MAX_RETRIES = 2;

function withRetry(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * The image component of spec 2.6: on a load failure it retries up to 2 times with a
 * cache-busting parameter, then shows the fallback (the shop logo mark) or 'Imagem não disponível'.
 */
export function CatalogueImage({
  src,
  srcSet,
  alt,
  className,
  fallback = 'text',
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; fallback?: 'text' | 'logo' }) {
  const [attempt, setAttempt] = useState(0);
  const failed = attempt > MAX_RETRIES;
  if (failed) {
    return (
      <span role="img" aria-label={alt || 'Imagem não disponível'} className={`flex items-center justify-center bg-slate-100 text-center text-xs text-slate-600 ${className ?? ''}`}>
        {fallback === 'logo' ? (
          <svg viewBox="0 0 24 24" className="size-10 text-sky-700/60" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
            <path d="M12 3c3 4 6 7.2 6 10.5A6 6 0 0 1 6 13.5C6 10.2 9 7 12 3Z" />
          </svg>
        ) : (
          'Imagem não disponível'
        )}
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our /media route already serves resized WebP
    <img
      {...rest}
      key={attempt}
      src={withRetry(src, attempt)}
      srcSet={attempt === 0 ? srcSet : undefined}
      alt={alt}
      className={className}
      onError={() => setAttempt((a) => a + 1)}
    />
  );
}
