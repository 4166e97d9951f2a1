/** @jest-environment node */
import { formatAttributes, parseAttributes, splitValueUnit } from '@/lib/catalogue/attributes';
import { chapterCodeFromSlug, chapterCodeOfFamily, chapterSlug, CHAPTERS } from '@/lib/catalogue/chapters';
import { canonicalMoney, parseDecimal } from '@/lib/catalogue/decimal';
import { eanCheckDigit, isValidEan } from '@/lib/catalogue/ean';
import { slugify } from '@/lib/slug';

describe('slugs (spec 2.1)', () => {
  it('lowercases, strips accents, drops non-word characters and hyphenates spaces and underscores', () => {
    expect(slugify('Salas de Banho')).toBe('salas-de-banho');
    expect(slugify('AQS climatização e Energias Renováveis')).toBe('aqs-climatizacao-e-energias-renovaveis');
    expect(slugify('Sanitários Públicos-Balneários-Pontos de Atendimentos')).toBe(
      'sanitarios-publicos-balnearios-pontos-de-atendimentos',
    );
    expect(slugify('Louça_Sanitária (nova)')).toBe('louca-sanitaria-nova');
  });

  it('maps every chapter slug back to its code', () => {
    expect(CHAPTERS).toHaveLength(16);
    for (const chapter of CHAPTERS) expect(chapterCodeFromSlug(chapterSlug(chapter.code)!)).toBe(chapter.code);
    expect(chapterCodeFromSlug('nao-existe')).toBeUndefined();
    expect(chapterCodeOfFamily('200-010')).toBe(200);
    expect(chapterCodeOfFamily('10-1')).toBeUndefined();
  });
});

describe('EAN-13 check digit', () => {
  it('accepts valid codes and rejects a wrong check digit', () => {
    expect(isValidEan('5601234567892')).toBe(true);
    expect(isValidEan('4006381333931')).toBe(true);
    expect(isValidEan('5601234567890')).toBe(false);
    expect(isValidEan('56012345678')).toBe(false);
    expect(eanCheckDigit('400638133393')).toBe(1);
  });
});

describe('decimals with comma or point', () => {
  it.each([
    ['12,50', '12.50'],
    ['12.50', '12.50'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    [' 7 € ', '7'],
    ['0,035', '0.035'],
  ])('%s → %s', (input, expected) => expect(parseDecimal(input)).toBe(expected));

  it.each(['abc', '1,2,3', '12,50a', ''])('rejects %p', (input) => expect(parseDecimal(input)).toBeNull());

  it('canonicalises money to at least two decimals', () => {
    expect(canonicalMoney('12.5000')).toBe('12.50');
    expect(canonicalMoney('0.0350')).toBe('0.035');
    expect(canonicalMoney('7')).toBe('7.00');
  });
});

describe('technical attributes', () => {
  it('splits value and unit only when the value is numeric', () => {
    expect(splitValueUnit('16 mm')).toEqual({ value: '16', unit: 'mm' });
    expect(splitValueUnit('16x2 mm')).toEqual({ value: '16x2', unit: 'mm' });
    expect(splitValueUnit('Latão cromado')).toEqual({ value: 'Latão cromado', unit: null });
    expect(splitValueUnit('1 1/4"')).toEqual({ value: '1 1/4"', unit: null });
    expect(splitValueUnit('24 m³/h')).toEqual({ value: '24', unit: 'm³/h' });
  });

  it('parses and formats name=value unit pairs losslessly', () => {
    const text = 'Diâmetro=16 mm|Pressão máxima=10 bar|Material=PEX-AL-PEX|Ligação=1/2"';
    const parsed = parseAttributes(text);
    expect(parsed).toEqual({
      ok: true,
      attributes: [
        { name: 'Diâmetro', value: '16', unit: 'mm' },
        { name: 'Pressão máxima', value: '10', unit: 'bar' },
        { name: 'Material', value: 'PEX-AL-PEX', unit: null },
        { name: 'Ligação', value: '1/2"', unit: null },
      ],
    });
    expect(parsed.ok && formatAttributes(parsed.attributes)).toBe(text);
  });

  it('explains malformed attributes in Portuguese', () => {
    expect(parseAttributes('Diâmetro 16 mm')).toEqual({ ok: false, message: "atributo inválido 'Diâmetro 16 mm' (use nome=valor unidade)" });
    expect(parseAttributes('Cor=|x=1')).toMatchObject({ ok: false, message: "o atributo 'Cor' não tem valor" });
    expect(parseAttributes('Cor=branco|cor=preto')).toMatchObject({ ok: false });
  });
});
