/** @jest-environment node */
import { lineControlLabel, lineLabel, lineVariantParts, lineVariantText } from '@/lib/cart/line-label';

const TAP = 'Torneira de lavatório bicomando de bancada série Zêzere';

describe('what tells a line apart (issue 22 item 3)', () => {
  it("names two finishes of one product by the model name's own words", () => {
    expect(lineVariantText({ productName: TAP, modelName: `${TAP} cromada` })).toBe('cromada');
    expect(lineVariantText({ productName: TAP, modelName: `${TAP} em inox escovado` })).toBe('em inox escovado');
  });

  it('never says the size twice', () => {
    // The model name already carries the size: "300 mm", not "300 mm · 300 mm" nor "300 mm (300 mm)".
    expect(lineVariantParts({ productName: 'Tubo multicamada', modelName: 'Tubo multicamada 300 mm', size: '300 mm' })).toEqual(['300 mm']);
    expect(lineVariantParts({ productName: 'Tubo multicamada', modelName: 'Tubo multicamada', size: '300 mm' })).toEqual(['300 mm']);
    expect(lineVariantParts({ productName: 'Tubo 300 mm', modelName: 'Tubo 300 mm', size: '300 mm' })).toEqual([]);
    expect(lineVariantParts({ productName: 'Tubo', modelName: 'Tubo  300  MM', size: '300 mm' })).toEqual(['300 mm']);
  });

  it('keeps a size that is only part of a longer number', () => {
    expect(lineVariantParts({ productName: 'Tubo', modelName: 'Tubo 116 mm', size: '16 mm' })).toEqual(['116 mm', '16 mm']);
  });

  it('uses the whole model name when it does not start with the product name (ERP names)', () => {
    expect(lineVariantText({ productName: 'Torneira Zêzere', modelName: 'TORN LAV ZEZ CROM', size: null })).toBe('TORN LAV ZEZ CROM');
    expect(lineVariantText({ productName: 'Tubo PEX', modelName: 'Tubo PEXA 16 mm', size: '16 mm' })).toBe('Tubo PEXA · 16 mm');
  });

  it('names a package of more than one unit, never "Unidade"', () => {
    expect(lineVariantText({ productName: 'Tê igual PPR', modelName: 'Tê igual PPR 32 mm', size: '32 mm', itemsPerPackage: 10 })).toBe('32 mm · Embalagem de 10');
    expect(lineVariantText({ productName: 'Tê igual PPR', modelName: 'Tê igual PPR 32 mm', size: '32 mm', itemsPerPackage: 1 })).toBe('32 mm');
  });

  it('says nothing more for a product with a single model', () => {
    expect(lineVariantText({ productName: 'Sifão de garrafa', modelName: 'Sifão de garrafa', size: '' })).toBe('');
    expect(lineLabel({ productName: 'Sifão de garrafa', modelName: 'Sifão de garrafa', code: 'SF-1' })).toBe('Sifão de garrafa (SF-1)');
  });

  it('gives two finishes different full names with their codes', () => {
    const a = lineLabel({ productName: TAP, displayName: `${TAP} Roca`, modelName: `${TAP} cromada`, code: 'CRX-66470' });
    const b = lineLabel({ productName: TAP, displayName: `${TAP} Roca`, modelName: `${TAP} em inox escovado`, code: 'CRX-66472' });
    expect(a).toBe(`${TAP} Roca (CRX-66470, cromada)`);
    expect(b).toBe(`${TAP} Roca (CRX-66472, em inox escovado)`);
  });

  it('names controls code first, so two finishes never share an accessible name', () => {
    const a = lineControlLabel({ productName: TAP, displayName: `${TAP} Roca`, modelName: `${TAP} cromada`, code: 'CRX-66470' });
    expect(a).toBe(`CRX-66470, cromada — ${TAP} Roca`);
    expect(lineControlLabel({ productName: 'Tê igual PPR', modelName: 'Tê igual PPR 32 mm', size: '32 mm', itemsPerPackage: 10, code: 'HDT-1' })).toBe('HDT-1, 32 mm, Embalagem de 10 — Tê igual PPR');
  });

  it('reads the own words against an SEO name with the brand too', () => {
    expect(lineVariantText({ productName: `${TAP} Roca`, modelName: `${TAP} cromada` })).toBe('cromada');
  });
});
