import { trigrams, WORD_SIMILARITY_THRESHOLD, wordSimilarity } from '@/lib/search/trigrams';

/** pg_trgm's `word_similarity` and `<%` in JavaScript against PostgreSQL's answers (PGlite 18). */
const CASES: [string, string, number, boolean][] = [
  ['esqentador', 'esquentador a gas 11 litros', 0.64285713, true],
  ['vga-90', 'valvula de esfera vga-9012 1/2"', 0.85714287, true],
  ['torniera', 'torneira monocomando lavatorio', 0.44444445, false],
  ['tuubo', 'tubo multicamada 16x2 mm', 0.5714286, false],
  ['ventilacoa', 'grelha de ventilacao 20x20 cm', 0.72727275, true],
  ['cotovelo', 'cotovelo 90° femea 1/2"', 1, true],
  ['aaa', 'bbb ccc', 0, false],
  ['sifao', 'sifao de garrafa para lavatorio', 1, true],
  ['parfurado', 'tubo perfurado para drenagem', 0.9, true],
  ['monocvmando', 'misturadora monocomando de cozinha', 0.6, true],
];

describe('word similarity in JavaScript', () => {
  it.each(CASES)('word_similarity(%j, %j) as PostgreSQL', (word, text, similarity, matches) => {
    const value = wordSimilarity(trigrams(word), trigrams(text));
    expect(value).toBe(Math.fround(similarity));
    expect(value >= WORD_SIMILARITY_THRESHOLD).toBe(matches);
  });

  it('splits words at anything but letters and digits, padded as pg_trgm pads them', () => {
    expect(trigrams('a°b²c vga-90')).toEqual([
      '  a',
      ' a ',
      '  b',
      ' b ',
      '  c',
      ' c ',
      '  v',
      ' vg',
      'vga',
      'ga ',
      '  9',
      ' 90',
      '90 ',
    ]);
  });
});
