import {
  buildFacets,
  facetQueryEntries,
  facetSlug,
  facetValueKey,
  parseFacetSelection,
  toggleFacet,
  type AttributeRow,
} from '@/lib/catalogue/facets';
import { listingHref, parseListingParams } from '@/lib/catalogue/listing';

describe('facetValueKey: one choice for one thing however it is written', () => {
  it('treats a thread in inches and its nominal diameter as the same size', () => {
    const keys = ['1/2"', '½"', 'DN15', 'DN 15', '1/2'].map((v) => facetValueKey(v, null).key);
    expect(new Set(keys)).toEqual(new Set(['dn15']));
    expect(facetValueKey('DN15', null).label).toBe('1/2" (DN15)');
    expect(facetValueKey('1 1/4"', null).key).toBe('dn32');
  });

  it('takes the size a value names in brackets: 20 mm (1/2") is a 1/2" thread', () => {
    expect(facetValueKey('20 mm (1/2")', null).key).toBe('dn15');
    expect(facetValueKey('Latão (cromado)', null).key).toBe('latao-cromado');
  });

  it('converts lengths, power, volume and pressure to one base unit', () => {
    expect(facetValueKey('0.5', 'm').key).toBe(facetValueKey('50', 'cm').key);
    expect(facetValueKey('50', 'cm').key).toBe(facetValueKey('500', 'mm').key);
    expect(facetValueKey('2', 'kW').key).toBe(facetValueKey('2000', 'W').key);
    expect(facetValueKey('500', 'ml').key).toBe(facetValueKey('0,5', 'L').key);
    expect(facetValueKey('PN16', null).key).toBe(facetValueKey('16', 'bar').key);
    expect(facetValueKey('16', 'bar').key).not.toBe(facetValueKey('10', 'bar').key);
  });

  it('reads a decimal comma like a point and shows pt-PT decimals', () => {
    expect(facetValueKey('1,5', 'bar').key).toBe(facetValueKey('1.5', 'bar').key);
    expect(facetValueKey('1.5', 'bar').label).toBe('1,5 bar');
    expect(facetValueKey('1.5', 'bar').magnitude).toBe(1.5);
  });

  it('ignores case and accents in words but keeps different words apart', () => {
    expect(facetValueKey('Latão cromado', null).key).toBe(facetValueKey('latao  CROMADO', null).key);
    expect(facetValueKey('A+', null).key).not.toBe(facetValueKey('A', null).key);
    expect(facetValueKey('A++', null).key).not.toBe(facetValueKey('A+', null).key);
  });

  it('makes URL-safe attribute slugs', () => {
    expect(facetSlug('Pressão máxima')).toBe('pressao-maxima');
    expect(facetSlug('Diâmetro')).toBe('diametro');
  });
});

function rows(spec: [product: number, model: number, name: string, value: string, unit: string | null][]): AttributeRow[] {
  return spec.map(([productId, modelId, name, value, unit]) => ({ productId, modelId, name, value, unit }));
}

// Product 1: ball valves in brass, 1/2" and 3/4". Product 2: in PVC, DN15 (= 1/2") and DN25.
// Product 3: brass, 1". Product 4: only a colour (one value in the family: no filter).
const family = rows([
  [1, 11, 'Ligação', '1/2"', null],
  [1, 11, 'Material', 'Latão', null],
  [1, 12, 'Ligação', '3/4"', null],
  [1, 12, 'Material', 'Latão', null],
  [2, 21, 'Ligação', 'DN15', null],
  [2, 21, 'Material', 'PVC', null],
  [2, 22, 'Ligação', 'DN25', null],
  [2, 22, 'Material', 'PVC', null],
  [3, 31, 'Ligação', '1"', null],
  [3, 31, 'Material', 'latão', null],
  [4, 41, 'Cor', 'Azul', null],
]);

describe('buildFacets', () => {
  it('lists attributes with a real choice, values merged across spellings, counted by product', () => {
    const { facets, productIds } = buildFacets(family, {});
    expect(productIds).toBeNull();
    expect(facets.map((f) => f.slug).sort()).toEqual(['ligacao', 'material']);
    const ligacao = facets.find((f) => f.slug === 'ligacao')!;
    // Sorted by size, 1/2" and DN15 together (products 1 and 2).
    expect(ligacao.options.map((o) => [o.label, o.count])).toEqual([
      ['1/2" (DN15)', 2],
      ['3/4" (DN20)', 1],
      ['1" (DN25)', 2],
    ]);
    const material = facets.find((f) => f.slug === 'material')!;
    expect(material.options.map((o) => [o.label, o.count])).toEqual([
      ['Latão', 2],
      ['PVC', 1],
    ]);
  });

  it('filters products by a model that has every selected value; values of one attribute are alternatives', () => {
    expect(buildFacets(family, { ligacao: ['dn15'] }).productIds).toEqual([1, 2]);
    expect(buildFacets(family, { ligacao: ['dn15'], material: ['latao'] }).productIds).toEqual([1]);
    // Product 1 has brass and 1", but not on the same model as… it has no 1" at all; product 3 has.
    expect(buildFacets(family, { ligacao: ['dn25'], material: ['latao'] }).productIds).toEqual([3]);
    expect(buildFacets(family, { ligacao: ['dn20', 'dn25'] }).productIds).toEqual([1, 2, 3]);
    expect(buildFacets(family, { ligacao: ['dn80'] }).productIds).toEqual([]);
  });

  it('counts each option as if it were added to the other selected filters', () => {
    const { facets } = buildFacets(family, { material: ['pvc'] });
    const ligacao = facets.find((f) => f.slug === 'ligacao')!;
    expect(Object.fromEntries(ligacao.options.map((o) => [o.key, o.count]))).toEqual({ dn15: 1, dn20: 0, dn25: 1 });
    const material = facets.find((f) => f.slug === 'material')!;
    // The material counts ignore the material choice itself.
    expect(material.options.find((o) => o.key === 'latao')).toMatchObject({ count: 2, active: false });
    expect(material.options.find((o) => o.key === 'pvc')).toMatchObject({ count: 1, active: true });
  });

  it('keeps a selected value the family does not have, so it can be removed', () => {
    const { facets, productIds } = buildFacets(family, { material: ['inox'] });
    expect(productIds).toEqual([]);
    expect(facets.find((f) => f.slug === 'material')!.options.find((o) => o.key === 'inox')).toMatchObject({ active: true, count: 0 });
  });

  it('ignores an attribute the family does not have', () => {
    expect(buildFacets(family, { potencia: ['2000w'] }).productIds).toBeNull();
  });

  it('restricts facets and matches to eligible products (the brand filter)', () => {
    const { facets, productIds } = buildFacets(family, { material: ['latao'] }, new Set([1, 2]));
    expect(productIds).toEqual([1]);
    expect(facets.find((f) => f.slug === 'material')!.options.find((o) => o.key === 'latao')!.count).toBe(1);
  });
});

describe('facet query parameters', () => {
  it('parses f.<attribute>=<keys>, dropping malformed ones, and writes them back in a stable order', () => {
    const selection = parseFacetSelection({ 'f.ligacao': 'dn20,DN15', 'f.material': ['latao', 'latao'], 'f.Bad Name': 'x', 'f.cor': '<script>' });
    expect(selection).toEqual({ ligacao: ['dn15', 'dn20'], material: ['latao'] });
    expect(facetQueryEntries(selection)).toEqual([
      ['f.ligacao', 'dn15,dn20'],
      ['f.material', 'latao'],
    ]);
  });

  it('toggles one value on and off', () => {
    const on = toggleFacet({ ligacao: ['dn15'] }, 'ligacao', 'dn20');
    expect(on).toEqual({ ligacao: ['dn15', 'dn20'] });
    expect(toggleFacet(on, 'ligacao', 'dn15')).toEqual({ ligacao: ['dn20'] });
    expect(toggleFacet({ ligacao: ['dn15'] }, 'ligacao', 'dn15')).toEqual({});
  });

  it('round-trips through the listing URL', () => {
    const params = parseListingParams({ brand: 'acme', 'f.ligacao': 'dn15', page: '2' });
    expect(params.attrs).toEqual({ ligacao: ['dn15'] });
    expect(listingHref('/produtos/x/y', params)).toBe('/produtos/x/y?brand=acme&f.ligacao=dn15&page=2');
  });
});

describe('empty listing message with technical filters', () => {
  it('names the chosen values', async () => {
    const { emptyListingMessage } = await import('@/lib/catalogue/listing');
    const message = emptyListingMessage({
      search: null,
      brand: null,
      chapter: null,
      family: { title: 'Válvulas' } as never,
      facets: [{ slug: 'ligacao', name: 'Ligação', options: [{ key: 'dn15', label: '1/2" (DN15)', count: 0, active: true }, { key: 'dn20', label: '3/4" (DN20)', count: 0, active: true }] }],
    });
    expect(message).toBe('Nenhum produto encontrado com a família Válvulas e Ligação 1/2" (DN15) ou 3/4" (DN20).');
  });
});
