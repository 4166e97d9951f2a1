import { SITE_KEYS, flagsForSiteKey, siteKeyForFlags, ALL_FLAGS_ON } from '@/lib/flags';
import { internalPagePath, isOutsideSite } from '@/lib/site-routing';

const q = (s: string) => new URLSearchParams(s);

describe('internal page paths (proxy rewrite to app/[site])', () => {
  it('serves every page from its site copy, the home included', () => {
    expect(internalPagePath('/', q(''), 'loja')).toBe('/loja');
    expect(internalPagePath('/produtos/salas-de-banho/louca-sanitaria', q(''), 'catalogo')).toBe('/catalogo/produtos/salas-de-banho/louca-sanitaria');
    expect(internalPagePath('/sobre/', q(''), 'loja')).toBe('/loja/sobre');
  });

  it('sends listings with a query that changes them to the on-demand twins, tracking parameters not', () => {
    expect(internalPagePath('/produtos', q('search=torneira'), 'loja')).toBe('/loja/q/produtos');
    expect(internalPagePath('/produtos/salas-de-banho', q('view=all'), 'loja')).toBe('/loja/q/produtos/salas-de-banho');
    expect(internalPagePath('/produtos/a/b', q('brand=3&f.diametro=16mm'), 'loja')).toBe('/loja/q/produtos/a/b');
    expect(internalPagePath('/produtos/a/b', q('utm_source=x&t=123&coming-soon=1'), 'loja')).toBe('/loja/produtos/a/b');
    // Next's client navigation to the page without a query (RSC request) reaches the same page.
    expect(internalPagePath('/produtos', q('_rsc=1x2y'), 'loja')).toBe('/loja/produtos');
    expect(internalPagePath('/produtos', q('_rsc=1x2y&brand=3'), 'loja')).toBe('/loja/q/produtos');
    // A product page or the by-code redirect ignore the query: one cached copy.
    expect(internalPagePath('/produtos/a/b/P1', q('x=1'), 'loja')).toBe('/loja/produtos/a/b/P1');
    expect(internalPagePath('/produtos/p/P1', q('x=1'), 'loja')).toBe('/loja/produtos/p/P1');
  });

  it('leaves route handlers, metadata routes and public files alone', () => {
    for (const path of ['/api/session', '/media/chapters/10.png', '/documentos/catalogos/x.pdf', '/feeds/google-merchant.xml', '/robots.txt', '/sitemap.xml', '/index.php', '/favicon.ico', '/manifest.webmanifest', '/icons/icon-192.png', '/_next/static/x.js']) {
      expect(isOutsideSite(path)).toBe(true);
      expect(internalPagePath(path, q(''), 'loja')).toBeNull();
    }
  });

  it('answers 404 for the internal twins and for malformed percent-encoding', () => {
    expect(internalPagePath('/q/produtos', q('search=x'), 'loja')).toBe('/loja/_not-found');
    expect(internalPagePath('/produtos/p/%E0%A4', q(''), 'loja')).toBe('/loja/_not-found');
    // Outside the pages too: Next would answer a 500 for a file name it cannot decode.
    expect(internalPagePath('/%zz.txt', q(''), 'loja')).toBe('/loja/_not-found');
  });

  it('answers 404 for paths with control characters (a NUL cannot reach the database)', () => {
    for (const path of ['/campanhas/%00', '/produtos/p/a%00b', '/produtos/a/b/c%0A', '/sobre%7F']) {
      expect(internalPagePath(path, q(''), 'loja')).toBe('/loja/_not-found');
    }
    expect(internalPagePath('/produtos/p/a%20b', q(''), 'loja')).toBe('/loja/produtos/p/a%20b');
  });

  it('maps the two flag sets to site keys and back', () => {
    expect(siteKeyForFlags(ALL_FLAGS_ON)).toBe(SITE_KEYS.full);
    const off = flagsForSiteKey(SITE_KEYS.catalogue)!;
    expect(Object.values(off).every((v) => v === false)).toBe(true);
    expect(siteKeyForFlags(off)).toBe(SITE_KEYS.catalogue);
    expect(flagsForSiteKey('x')).toBeNull();
  });
});
