/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { classifyName, CONFIDENT_AT, suggestForFamily, suggestForProduct } from '@/lib/catalogue/google-classifier';
import { classifierFigures, familiesOfCatalogue, type ExpectedFamily } from '@/lib/catalogue/google-classifier-figures';
import { GOOGLE_CATEGORIES, googleCategory, searchGoogleCategories } from '@/lib/catalogue/google-taxonomy';
import { words } from '@/lib/catalogue/pt-words';
import { generateDemoCatalogue } from '@/scripts/seed/catalogue';
import { CHAPTERS } from '@/scripts/seed/chapters';

/**
 * Issue 23, item 4: the Google taxonomy in European Portuguese, and a classifier that suggests a
 * category for every family from its title, chapter and products — held to the goals on the hand
 * list written before it (tests/fixtures/classifier-expected.json): ≥ 80 % of the demo families get
 * a suggestion and ≥ 90 % of the suggestions are the hand list's category.
 */

const expected = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/classifier-expected.json'), 'utf8')) as { families: ExpectedFamily[] };

describe('the taxonomy in pt-PT', () => {
  it('names toilets, cisterns and water heaters as a Portuguese installer does, keeping Google’s ids and English paths', () => {
    expect(googleCategory(1921)).toMatchObject({ name: 'Sanitas', pathEn: 'Hardware > Plumbing > Plumbing Fixtures > Toilets & Bidets > Toilets' });
    expect(googleCategory(2062)?.name).toBe('Sanitas e bidés');
    expect(googleCategory(5665)?.name).toBe('Autoclismos');
    expect(googleCategory(2032)?.name).toBe('Torneiras e misturadoras');
    expect(googleCategory(621)?.name).toBe('Esquentadores e termoacumuladores');
    expect(googleCategory(3082)?.name).toBe('Caldeiras');
    expect(googleCategory(4728)?.name).toBe('Bases de duche');
    expect(googleCategory(133)?.name).toBe('Canalização');
  });

  it('has no Brazilian names left ("Privadas", "Encanamento", "banheiro", "vaso sanitário", "Descargas")', () => {
    const brazilian = /\b(privada|encanamento|banheiro|vaso sanit|descargas de vaso|chuveirinho|pia|registro|mictório|fumaça|controle|umid)/i;
    const offenders = GOOGLE_CATEGORIES.filter((c) => brazilian.test(c.name)).map((c) => `${c.id} ${c.name}`);
    expect(offenders).toEqual([]);
  });

  it('finds toilets first for "sanita", and the right category for the trade’s words', () => {
    const first = (q: string) => searchGoogleCategories(q, 5)[0]?.id;
    expect(first('sanita')).toBe(1921);
    expect(first('Sanitas')).toBe(1921);
    expect(first('retrete')).toBe(1921);
    expect(first('autoclismo')).toBe(5665);
    expect(first('torneira')).toBe(2032);
    expect(first('esquentador')).toBe(621);
    expect(first('caldeira')).toBe(3082);
    expect(first('banheira')).toBe(1636);
    expect(first('base de duche')).toBe(4728);
    expect(first('lavatório')).toBe(2886);
    expect(first('bide')).toBe(2376);
    expect(first('mangueira jardim')).toBe(2313);
    expect(first('2032')).toBe(2032);
    expect(first('toilets')).toBe(1921);
    expect(searchGoogleCategories('privada')).toEqual([]);
  });
});

describe('reading a name', () => {
  it('folds accents, plurals and hyphenated compounds', () => {
    expect(words('Sifões de Lava-Louças')).toEqual(['sifao', 'lavalouca']);
    expect(words('Urinóis e Flexíveis')).toEqual(['urinol', 'flexivel']);
    expect(words('Radiadores')).toEqual(['radiador']);
    expect(words('Lava-loiça')).toEqual(['lavalouca']);
  });

  it('takes the head of "X para Y": a seat for a toilet is no toilet, a kit for a bidet is a bidet part', () => {
    expect(classifyName('Sanita suspensa rimless série Tejo com tampa soft-close')?.categoryId).toBe(1921);
    expect(classifyName('Tampa de sanita universal em duroplast')?.categoryId).toBe(1865);
    expect(classifyName('Kit de fixação para bidé suspenso')?.categoryId).toBe(2691);
    expect(classifyName('Válvula anti-retorno para misturadora termostática')?.categoryId).toBe(2466);
    expect(classifyName('Curva 90° longa para aspiração central')?.categoryId).toBe(618);
    expect(classifyName('Torneira monocomando de bidé com rótula orientável')?.categoryId).toBe(504634);
  });

  it('reads the chapter where a word means two things: a heat pump for a pool, a pump in a pool chapter', () => {
    expect(classifyName('Bomba de calor ar-água monobloco R32', 'AQS climatização e Energias Renováveis')?.categoryId).toBe(3082);
    expect(classifyName('Bomba de calor para piscina on-off', 'Piscinas e Tratamentos Químicos')?.categoryId).toBe(5654);
    expect(classifyName('Bomba autoaspirante silenciosa', 'Bombas de Piscina Piscinas e Tratamentos Químicos')?.categoryId).toBe(500098);
  });

  it('says nothing rather than guess from a town or a colour', () => {
    expect(classifyName('Série Lagos branca mate')).toBeNull();
    expect(classifyName('Peças de encastrar')).toBeNull();
  });
});

describe('a family’s suggestion', () => {
  it('is the deepest category most of its products agree with, and shows how sure it is', () => {
    const s = suggestForFamily({
      title: 'Louça Sanitária',
      chapterTitle: 'Salas de Banho',
      productNames: ['Sanita suspensa rimless', 'Sanita de pousar', 'Lavatório suspenso', 'Lavatório de pousar', 'Bidé suspenso'],
    });
    expect(s).toMatchObject({ categoryId: 1673, productsAgreeing: 5, productsTotal: 5 });
    expect(s!.confidence).toBe(1);
  });

  it('is not confident from the title alone, nor when the products disagree', () => {
    const titleOnly = suggestForFamily({ title: 'Esquentadores', productNames: [] });
    expect(titleOnly?.categoryId).toBe(621);
    expect(titleOnly!.confidence).toBeLessThan(CONFIDENT_AT);
    const split = suggestForFamily({ title: 'Diversos', productNames: ['Extintor de pó ABC', 'Sanita suspensa', 'Tubo PPR PN20'] });
    expect(split).toBeNull();
  });

  it('for one product, its name first and its family when the name says nothing', () => {
    expect(suggestForProduct({ name: 'Sifão de garrafa para lavatório', familyTitle: 'Louça Sanitária' })?.categoryId).toBe(1319);
    const fromFamily = suggestForProduct({ name: 'Modelo Tejo branco', familyTitle: 'Esquentadores' });
    expect(fromFamily?.categoryId).toBe(621);
    expect(fromFamily!.confidence).toBeLessThan(CONFIDENT_AT);
  });
});

describe('the goals on the demo catalogue (hand list written before the classifier)', () => {
  const families = familiesOfCatalogue(generateDemoCatalogue(), (code) => CHAPTERS.find((c) => c.code === code)?.title ?? '');
  const figures = classifierFigures(families, expected.families);

  it('the hand list covers at least 60 demo families, each with a category of the shipped taxonomy', () => {
    const codes = new Set(families.map((f) => f.code));
    expect(expected.families.length).toBeGreaterThanOrEqual(60);
    for (const e of expected.families) {
      expect(codes.has(e.code)).toBe(true);
      expect(googleCategory(e.categoryId)).not.toBeNull();
    }
  });

  it('≥ 80 % of the demo families get a suggestion; ≥ 90 % of the suggestions match the hand list', () => {
    expect(figures.families).toBe(136);
    expect(figures.coverage).toBeGreaterThanOrEqual(0.8);
    expect(figures.precision).toBeGreaterThanOrEqual(0.9);
    // The confident ones, which "Aplicar as sugestões" applies, hold the same precision.
    expect(figures.confidentPrecision).toBeGreaterThanOrEqual(0.9);
  });
});
