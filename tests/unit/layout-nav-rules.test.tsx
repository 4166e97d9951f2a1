/** @jest-environment node */
import { formatCartBadge } from '@/components/layout/cart-badge';
import {
  isAdminPath,
  isNavGroupActive,
  isNavLinkActive,
  MAIN_NAV,
} from '@/components/layout/nav-config';
import {
  readSuggestions,
  searchPageUrl,
  searchThumbnailUrl,
  suggestionHref,
  suggestionName,
  suggestionSizes,
  suggestionsUrl,
} from '@/components/layout/search-utils';

describe('active link of the main navigation (spec 2.6)', () => {
  it('matches single links exactly', () => {
    expect(isNavLinkActive('/produtos', '/produtos')).toBe(true);
    expect(isNavLinkActive('/produtos/', '/produtos')).toBe(true);
    expect(isNavLinkActive('/produtos/salas-de-banho', '/produtos')).toBe(false);
    expect(isNavLinkActive('/campanhas/verao', '/campanhas')).toBe(false);
    expect(isNavLinkActive('/', '/')).toBe(true);
  });

  it('does not make /produtos active under /produtos-por-marca', () => {
    expect(isNavLinkActive('/produtos-por-marca', '/produtos')).toBe(false);
    expect(isNavGroupActive('/produtos-por-marca', ['/produtos'])).toBe(false);
    expect(isNavLinkActive('/produtos-por-marca', '/produtos-por-marca')).toBe(true);
  });

  it('matches dropdown parents by path prefix, whole segments only', () => {
    const products = ['/produtos', '/produtos-por-marca'];
    expect(isNavGroupActive('/produtos', products)).toBe(true);
    expect(isNavGroupActive('/produtos/salas-de-banho/louca-sanitaria', products)).toBe(true);
    expect(isNavGroupActive('/produtos-por-marca', products)).toBe(true);
    expect(isNavGroupActive('/produtosx', products)).toBe(false);
    expect(isNavGroupActive('/catalogos-fabrica/roca', ['/catalogos', '/catalogos-fabrica'])).toBe(
      true,
    );
    expect(isNavGroupActive('/sobre', products)).toBe(false);
  });

  it('lists the entries of spec 2.6 in order', () => {
    expect(MAIN_NAV.map((i) => i.key)).toEqual([
      'products',
      'brands',
      'catalogues',
      'campaigns',
      'about',
      'contact',
      'pro',
      'newsletter',
    ]);
    const products = MAIN_NAV[0];
    expect(products?.kind === 'group' && products.items.map((i) => i.href)).toEqual([
      '/produtos',
      '/produtos-por-marca',
    ]);
    const catalogues = MAIN_NAV[2];
    expect(catalogues?.kind === 'group' && catalogues.items.map((i) => i.href)).toEqual([
      '/catalogos',
      '/catalogos-fabrica',
    ]);
    expect(MAIN_NAV.find((i) => i.key === 'pro')).toMatchObject({ href: '/pro', highlight: true });
  });

  it('recognises admin paths', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/login')).toBe(true);
    expect(isAdminPath('/administracao')).toBe(false);
    expect(isAdminPath('/produtos')).toBe(false);
  });
});

describe('cart badge (spec 9)', () => {
  it('shows the number of lines, 99+ above 99, nothing at zero', () => {
    expect(formatCartBadge(0)).toBeNull();
    expect(formatCartBadge(-2)).toBeNull();
    expect(formatCartBadge(1)).toBe('1');
    expect(formatCartBadge(99)).toBe('99');
    expect(formatCartBadge(100)).toBe('99+');
  });
});

describe('search suggestion helpers', () => {
  it('turns a generated SVG into a 40 px WebP at quality 70 and leaves other URLs alone', () => {
    expect(searchThumbnailUrl('/media/products/P100132.svg')).toBe(
      '/media/products/P100132.webp?w=40&q=70',
    );
    expect(searchThumbnailUrl('/media/products/P%2F1.svg?v=3')).toBe(
      '/media/products/P%2F1.webp?v=3&w=40&q=70',
    );
    expect(searchThumbnailUrl('https://cdn.example.pt/a.svg')).toBe('https://cdn.example.pt/a.svg');
    expect(searchThumbnailUrl('/uploads/p/1.jpg')).toBe('/uploads/p/1.jpg');
    expect(searchThumbnailUrl(null)).toBeNull();
  });

  it('builds the suggestion and search page URLs', () => {
    expect(suggestionsUrl('torneira 1/2"')).toBe(
      '/api/products/search?q=torneira%201%2F2%22&limit=10&sort=relevance',
    );
    expect(searchPageUrl('esquentador')).toBe('/produtos?search=esquentador');
  });

  it('prefers the SEO name, joins sizes and falls back to the short product path', () => {
    const row = {
      id: 7,
      product_code: 'P1',
      name: 'Torneira',
      seo_optimized_name: 'Torneira Monocomando',
      available_sizes: ['1/2"', '3/4"'],
    };
    expect(suggestionName(row)).toBe('Torneira Monocomando');
    expect(suggestionName({ ...row, seo_optimized_name: ' ' })).toBe('Torneira');
    expect(suggestionSizes(row)).toBe('1/2", 3/4"');
    expect(suggestionHref(row)).toBe('/produtos/p/P1');
    expect(suggestionHref({ ...row, url: '/produtos/a/b/P1' })).toBe('/produtos/a/b/P1');
  });

  it('reads at most 10 rows of a successful response', () => {
    const data = Array.from({ length: 14 }, (_, i) => ({
      id: i,
      product_code: `P${i}`,
      name: `N${i}`,
    }));
    expect(readSuggestions({ success: true, data })).toHaveLength(10);
    expect(readSuggestions({ success: false, data })).toBeNull();
    expect(readSuggestions({ success: true })).toBeNull();
    expect(readSuggestions('nope')).toBeNull();
  });
});
