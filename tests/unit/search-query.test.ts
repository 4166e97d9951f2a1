/** @jest-environment node */
import { foldAccents, inflections, modernSpelling, normalizeQuery, singular } from '@/lib/search/normalize';
import { codeVariants, isCodeLike, parseSearchQuery } from '@/lib/search/query';
import { canonicalSize, extractSizes } from '@/lib/search/sizes';
import { compileSynonyms, expandSynonyms } from '@/lib/search/synonyms';
import { Vocabulary, editDistance, phoneticKey } from '@/lib/search/vocabulary';
import { SYNONYMS } from '@/server/search/synonyms';

const table = compileSynonyms(SYNONYMS);

describe('normalisation', () => {
  it('folds accents and case like unaccent', () => {
    expect(foldAccents('Válvula de Retenção Ânodo Ø')).toBe('valvula de retencao anodo o');
    expect(foldAccents('LAVATÓRIO')).toBe('lavatorio');
  });

  it('normalises fractions, inch marks, inch words and decimal commas', () => {
    expect(normalizeQuery('Torneira ½"')).toBe('torneira 1/2"');
    expect(normalizeQuery('1½”')).toBe('1 1/2"');
    expect(normalizeQuery("válvula 3/4''")).toBe('válvula 3/4"');
    expect(normalizeQuery('tubo 1/2 polegada')).toBe('tubo 1/2"');
    expect(normalizeQuery('tubo 1/2 pol.')).toBe('tubo 1/2"');
    expect(normalizeQuery('bomba 0,75 kW')).toBe('bomba 0.75 kw');
    expect(normalizeQuery('contador DN 15')).toBe('contador dn15');
    expect(normalizeQuery('  duas   palavras  ')).toBe('duas palavras');
  });

  it('turns old spellings into the current ones', () => {
    expect(modernSpelling('detector')).toBe('detetor');
    expect(modernSpelling('electrovalvula')).toBe('eletrovalvula');
    expect(modernSpelling('colectores')).toBe('coletores');
    expect(modernSpelling('proteccao')).toBe('protecao');
    expect(modernSpelling('loica')).toBe('louca');
  });

  it('knows singular and plural forms the stemmer does not unify', () => {
    expect(singular('sifoes')).toBe('sifao');
    expect(singular('flexiveis')).toBe('flexivel');
    expect(singular('paineis')).toBe('painel');
    expect(singular('torneiras')).toBe('torneira');
    expect(singular('detetores')).toBe('detetor');
    expect(singular('gas')).toBe('gas');
    expect(inflections('sifao')).toEqual(expect.arrayContaining(['sifao', 'sifoes']));
    expect(inflections('uniao')).toEqual(expect.arrayContaining(['uniao', 'unioes']));
    expect(inflections('carretel')).toEqual(expect.arrayContaining(['carretel', 'carreteis']));
    expect(inflections('torneiras')).toEqual(expect.arrayContaining(['torneira', 'torneiras']));
    expect(inflections('16x2')).toEqual(['16x2']);
  });
});

describe('sizes', () => {
  it.each([
    ['1/2"', '1/2"'],
    ["1/2''", '1/2"'],
    ['1/2 polegada', '1/2"'],
    ['1/2 polegadas', '1/2"'],
    ['½"', '1/2"'],
    ['½', '1/2"'],
    ['1/2', '1/2"'],
    ['1 1/4"', '1 1/4"'],
    ['1.1/4"', '1 1/4"'],
    ['1-1/4"', '1 1/4"'],
    ['1½"', '1 1/2"'],
    ['2"', '2"'],
    ['16x2', '16x2'],
    ['16 x 2', '16x2'],
    ['16X2', '16x2'],
    ['16 x 2 mm', '16x2'],
    ['16x2mm', '16x2'],
    ['40x3.5', '40x3.5'],
    ['80x80 cm', '80x80'],
    ['19 mm x 15 m', '19x15'],
    ['20x1/2"', '20x1/2"'],
    ['1/2 x 3/4', '1/2"x3/4"'],
    ['1/2"x3/8"', '1/2"x3/8"'],
    ['DN15', 'DN15'],
    ['dn 15', 'DN15'],
    ['15 mm', '15 mm'],
    ['15mm', '15 mm'],
    ['ø16', '16 mm'],
    ['200 L', '200 L'],
    ['200 litros', '200 L'],
    ['0,75 kW', '0.75 kW'],
    ['1.50 m', '1.5 m'],
    ['12000 btu', '12000 BTU'],
  ])('%s → %s', (text, canonical) => {
    expect(canonicalSize(text)).toBe(canonical);
  });

  it('leaves the rest of the query and ignores what is not a size', () => {
    expect(extractSizes(normalizeQuery('válvula de esfera 3/4" latão'))).toMatchObject({
      rest: 'válvula de esfera latão',
      sizes: [{ canonical: '3/4"', kind: 'inch' }],
    });
    expect(extractSizes(normalizeQuery('autoclismo dupla descarga 3/6 L')).sizes).toEqual([]);
    expect(extractSizes(normalizeQuery('flexível M10x1/2"')).sizes).toEqual([]);
    expect(extractSizes(normalizeQuery('radiador 10 elementos')).sizes).toEqual([]);
  });

  it('relates threads to nominal diameters and lengths across units', () => {
    const [half] = extractSizes('1/2"').sizes;
    expect(half?.equivalents.map((e) => e.canonical)).toEqual(['DN15']);
    const [dn] = extractSizes('dn20').sizes;
    expect(dn?.equivalents.map((e) => e.canonical)).toEqual(['3/4"']);
    const [cm] = extractSizes('40 cm').sizes;
    expect(cm?.equivalents.map((e) => e.canonical)).toEqual(expect.arrayContaining(['400 mm']));
    const [dims] = extractSizes('15x15').sizes;
    expect(dims?.equivalents.map((e) => e.canonical)).toEqual(['150x150 mm']);
  });

  it('builds patterns that find the size in catalogue texts, and only that size', () => {
    const find = (query: string, text: string) => {
      const [size] = extractSizes(normalizeQuery(query)).sizes;
      return new RegExp(size!.pattern).test(text.toLowerCase());
    };
    expect(find('1/2"', '1/2"')).toBe(true);
    expect(find('1/2"', 'flexível de ligação para torneira m10x1/2"')).toBe(true);
    expect(find('1/2"', '1/2"x3/4"')).toBe(true);
    expect(find('1/2"', '1 1/2"')).toBe(false);
    expect(find('1/2"', '11/2"')).toBe(false);
    expect(find('1"', '1 1/4"')).toBe(false);
    expect(find('1"', '1"x1"')).toBe(true);
    expect(find('16x2', '16x2 mm')).toBe(true);
    expect(find('16x2', '16x2.5 mm')).toBe(false);
    expect(find('16 x 2', '116x2 mm')).toBe(false);
    expect(find('15 mm', '115 mm')).toBe(false);
    expect(find('15 mm', '15 mm')).toBe(true);
    expect(find('2 mm', '16x2 mm')).toBe(false);
    expect(find('200 L', '200 l/dia')).toBe(false);
    expect(find('1.5 m', '1.5 mm')).toBe(false);
    expect(find('DN15', 'dn150')).toBe(false);
    expect(find('19 mm x 15 m', '19 mm x 15 m')).toBe(true);
  });
});

describe('synonyms', () => {
  it('expands trade terms both ways and one way', () => {
    expect(expandSynonyms('cisterna', table)).toEqual([['cisterna', 'autoclismo', 'tanque descarga']]);
    expect(expandSynonyms('autoclismos', table)[0]).toEqual(expect.arrayContaining(['cisterna']));
    expect(expandSynonyms('joelho', table)[0]).toEqual(expect.arrayContaining(['cotovelo', 'curva']));
    expect(expandSynonyms('aquecedor de água a gás', table)[0]).toEqual(expect.arrayContaining(['esquentador']));
    expect(expandSynonyms('prato de duche', table)[0]).toEqual(expect.arrayContaining(['base duche']));
    expect(expandSynonyms('fita veda-roscas', table)[0]).toEqual(expect.arrayContaining(['teflon']));
    expect(expandSynonyms('extinguidor', table)[0]).toEqual(expect.arrayContaining(['extintor']));
    // One way: `monocomando` finds mixers and taps; `torneira` does not find every `monocomando`.
    expect(expandSynonyms('monocomando', table)[0]).toEqual(expect.arrayContaining(['misturadora', 'torneira']));
    expect(expandSynonyms('torneira', table)[0]).not.toContain('monocomando');
  });
});

describe('vocabulary', () => {
  const vocabulary = new Vocabulary([
    ['esquentador', 30],
    ['esquentadores', 5],
    ['torneira', 150],
    ['duche', 80],
    ['visita', 12],
    ['valvula', 120],
    ['autoclismo', 50],
  ]);

  it('measures edit distance with transpositions', () => {
    expect(editDistance('torniera', 'torneira')).toBe(1);
    expect(editDistance('esqentador', 'esquentador')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('corrects one typo from 5 letters, and spellings that sound alike', () => {
    expect(vocabulary.corrections('esqentador')).toEqual(['esquentador']);
    expect(vocabulary.corrections('torniera')).toEqual(['torneira']);
    expect(vocabulary.corrections('autoclimso')).toEqual(['autoclismo']);
    expect(vocabulary.corrections('duxe')).toEqual(['duche']);
    expect(vocabulary.corrections('vizita')).toEqual(['visita']);
    expect(vocabulary.corrections('torneira')).toEqual([]);
    expect(vocabulary.corrections('tuba')).toEqual([]);
    expect(phoneticKey('submercivel')).toBe(phoneticKey('submersivel'));
  });

  it('completes a word being typed', () => {
    expect(vocabulary.withPrefix('esquen')).toEqual(['esquentador', 'esquentadores']);
    expect(vocabulary.withPrefix('valv')).toEqual(['valvula']);
  });
});

describe('query parsing', () => {
  const vocabulary = new Vocabulary([
    ['torneira', 150],
    ['lavatorio', 60],
    ['monocomando', 40],
    ['misturadora', 50],
    ['esquentador', 30],
    ['boia', 20],
    ['bomba', 90],
  ]);
  const parse = (q: string) => parseSearchQuery(q, { synonyms: table, vocabulary, completeLastWord: true });

  it('ignores queries shorter than 2 characters and stop words alone', () => {
    expect(parse('a').empty).toBe(true);
    expect(parse('  ').empty).toBe(true);
    expect(parse('de para').empty).toBe(true);
    expect(parse('wc').empty).toBe(false);
  });

  it('splits sizes from words and groups words with their alternatives', () => {
    const parsed = parse('Válvulas de esfera 3/4"');
    expect(parsed.sizes.map((s) => s.canonical)).toEqual(['3/4"']);
    expect(parsed.groups.map((g) => g.text)).toEqual(['valvulas', 'esfera']);
  });

  it('adds corrections and completions from the vocabulary', () => {
    const [typo] = parse('esqentador').groups;
    expect(typo?.alternatives).toEqual(expect.arrayContaining([{ words: ['esquentador'], source: 'typo' }]));
    const [partial] = parse('torn').groups;
    expect(partial?.alternatives).toEqual(expect.arrayContaining([{ words: ['torneira'], source: 'prefix' }]));
  });

  it('recognises codes and EANs', () => {
    expect(isCodeLike('crx-63120')).toBe(true);
    expect(isCodeLike('p100132')).toBe(true);
    expect(isCodeLike('5606123034127')).toBe(true);
    expect(isCodeLike('63120')).toBe(true);
    expect(isCodeLike('110')).toBe(false);
    expect(isCodeLike('dn15')).toBe(false);
    expect(codeVariants('crx63120')).toEqual(expect.arrayContaining(['crx63120', 'crx-63120']));
    expect(parse('CRX 63120').groups).toEqual([expect.objectContaining({ codes: expect.arrayContaining(['crx-63120']) })]);
  });

  it('keeps the fitting tê and what follows sem', () => {
    expect(parse('tê igual 20').groups[0]).toMatchObject({ tee: true });
    const groups = parse('bomba sem boia').groups;
    expect(groups.map((g) => [g.text, g.negated])).toEqual([
      ['bomba', false],
      ['boia', true],
    ]);
  });

  it('drops a synonym that another word of the query already says', () => {
    const groups = parse('torneira monocomando lavatório').groups;
    const monocomando = groups.find((g) => g.text === 'monocomando');
    expect(monocomando?.alternatives.map((a) => a.words.join(' '))).not.toContain('torneira');
  });
});
