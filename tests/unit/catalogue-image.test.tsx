import { fireEvent, render, screen } from '@testing-library/react';
import { CatalogueImage } from '@/components/catalogue/catalogue-image';

describe('CatalogueImage (spec 2.6)', () => {
  it('retries twice with a cache-busting parameter, then says the image is not available', () => {
    render(<CatalogueImage src="/media/products/P1.webp?w=320" alt="Torneira" />);
    const img = () => screen.getByRole('img', { name: 'Torneira' }) as HTMLImageElement;
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320&retry=1');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/products/P1.webp?w=320&retry=2');
    fireEvent.error(img());
    expect(screen.getByRole('img', { name: 'Torneira' })).toHaveTextContent('Imagem não disponível');
    expect(document.querySelector('img')).toBeNull();
  });

  it('can fall back to the logo mark instead of the text', () => {
    render(<CatalogueImage src="/x.png" alt="" fallback="logo" />);
    for (let i = 0; i < 3; i++) fireEvent.error(document.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Imagem não disponível' })).not.toHaveTextContent('Imagem não disponível');
  });
});
