/** @jest-environment node */
import { flagsForHost, normaliseHost } from '@/lib/flags';
import { displayPrice, formatPrice } from '@/lib/format';

describe('pt-PT prices (spec 5)', () => {
  it('formats EUR with a decimal comma and two decimals, grouped the pt-PT way', () => {
    expect(formatPrice(12.5)).toBe('12,50\u00a0€');
    expect(formatPrice('12345.678')).toBe('12\u00a0345,68\u00a0€');
    expect(formatPrice(Number.NaN)).toBe('€0,00');
    expect(formatPrice(null)).toBe('€0,00');
  });

  it('shows a dash instead of a price that is not above zero', () => {
    expect(displayPrice(0)).toBe('-');
    expect(displayPrice('-3')).toBe('-');
    expect(displayPrice(3)).toBe('3,00\u00a0€');
  });
});

describe('hostname feature flags (spec 1 and 6)', () => {
  const production = { production: ['loja.example.pt', 'www.loja.example.pt'], fullFeature: ['staging.loja.example.pt'] };
  it('turns registration, dashboard, checkout, favourites and profiles off on production hosts', () => {
    expect(flagsForHost('www.loja.example.pt:443', production)).toEqual({
      ENABLE_USER_REGISTRATION: false,
      ENABLE_DASHBOARD: false,
      ENABLE_CHECKOUT: false,
      ENABLE_FAVORITES: false,
      ENABLE_USER_PROFILES: false,
    });
  });
  it('keeps everything on for the configured full-feature hosts, and everywhere without production hosts', () => {
    expect(Object.values(flagsForHost('staging.loja.example.pt', production)).every(Boolean)).toBe(true);
    expect(Object.values(flagsForHost('localhost:3000', { production: [], fullFeature: [] })).every(Boolean)).toBe(true);
  });
  it('gives any host nobody configured the production flags when production hosts exist', () => {
    expect(Object.values(flagsForHost('localhost:3000', production)).some(Boolean)).toBe(false);
    expect(Object.values(flagsForHost('10.0.0.7', production)).some(Boolean)).toBe(false);
    expect(Object.values(flagsForHost('', production)).some(Boolean)).toBe(false);
    expect(normaliseHost(' LOJA.example.PT:8080 ')).toBe('loja.example.pt');
  });
});

describe('raster URLs of generated images', () => {
  it('turns a generated SVG into a resized WebP or PNG and leaves other images alone', async () => {
    const { rasterMediaUrl } = await import('@/lib/catalogue/media');
    expect(rasterMediaUrl('/media/products/P100132.svg', 320, 'webp', 75)).toBe('/media/products/P100132.webp?w=320&q=75');
    expect(rasterMediaUrl('/media/products/P100132.svg', 800, 'png')).toBe('/media/products/P100132.png?w=800');
    expect(rasterMediaUrl('/uploads/foto.jpg', 320)).toBe('/uploads/foto.jpg');
  });
});
