import { fireEvent, render, screen } from '@testing-library/react';
import { CatalogueImage } from '@/components/catalogue/catalogue-image';
import { ImageRetry } from '@/components/catalogue/image-retry';

describe('CatalogueImage and ImageRetry (spec 2.6)', () => {
  it('retries twice with a cache-busting parameter, then says the image is not available', () => {
    render(
      <>
        <CatalogueImage src="/media/products/P1.webp?w=320" srcSet="/a 1x, /b 2x" alt="Torneira" />
        <ImageRetry />
      </>,
    );
    const img = () => screen.getByRole('img', { name: 'Torneira' }) as HTMLImageElement;
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320&retry=1');
    expect(img().getAttribute('srcset')).toBeNull();
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320&retry=2');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(img().getAttribute('src')!)).toContain('Imagem não disponível');
    expect(img()).toHaveAttribute('title', 'Imagem não disponível');
    // The fallback itself never loops.
    fireEvent.error(img());
    expect(decodeURIComponent(img().getAttribute('src')!)).toContain('Imagem não disponível');
  });

  it('can fall back to the logo mark instead of the text, named for screen readers', () => {
    render(
      <>
        <CatalogueImage src="/x.png" alt="" fallback="logo" />
        <ImageRetry />
      </>,
    );
    for (let i = 0; i < 3; i++) fireEvent.error(document.querySelector('img')!);
    const img = screen.getByRole('img', { name: 'Imagem não disponível' });
    expect(decodeURIComponent(img.getAttribute('src')!)).not.toContain('Imagem não disponível');
  });

  it('leaves images that are not catalogue images alone', () => {
    render(
      <>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/other.png" alt="Outra" />
        <ImageRetry />
      </>,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Outra' }));
    expect(screen.getByRole('img', { name: 'Outra' }).getAttribute('src')).toBe('/other.png');
  });
});
