/** @jest-environment node */
import {
  CONFIRM_UNITS,
  CONFIRM_VALUE_EUR,
  checkQuantity,
  nearestAllowedPackages,
  needsQuantityConfirmation,
  offeredPackageSizes,
  quantityRule,
} from '@/lib/cart/packages';
import { groupedQuantity, lineMaximumError } from '@/server/cart/rules';
import { mergeRepeatedCodes, parseQuickOrderText } from '@/server/cart/quick-order';

jest.mock('server-only', () => ({}));
// The quick order's module reads files and the database only when called; its pure parts need neither.
jest.mock('@/server/db/client', () => ({ getDb: jest.fn() }));

const tens = quantityRule({ sales_minimum: 10, sales_increment: 10 });

describe('a typed quantity (issue 22: whole numbers 1..9 999, never rewritten)', () => {
  it.each(['2,5', '2.5', '-1', '1e9', 'abc', '99999', '10 un', '0', '+3', '0x10', '１２'])('refuses %p as typed', (typed) => {
    expect(checkQuantity(typed)).toEqual({ kind: 'invalid' });
  });

  it('keeps an empty box apart (allowed while typing, refused on add)', () => {
    expect(checkQuantity('')).toEqual({ kind: 'empty' });
    expect(checkQuantity('   ')).toEqual({ kind: 'empty' });
  });

  it('accepts whole numbers from 1 to 9 999, spaces around them ignored', () => {
    expect(checkQuantity('1')).toEqual({ kind: 'ok', quantity: 1 });
    expect(checkQuantity(' 25 ')).toEqual({ kind: 'ok', quantity: 25 });
    expect(checkQuantity('9999')).toEqual({ kind: 'ok', quantity: 9999 });
    expect(checkQuantity('10000')).toEqual({ kind: 'invalid' });
  });

  it('offers the nearest allowed counts of a model sold in tens instead of rounding', () => {
    expect(checkQuantity('7', tens)).toEqual({ kind: 'pack', quantity: 7, choices: [10, 20] });
    expect(checkQuantity('15', tens)).toEqual({ kind: 'pack', quantity: 15, choices: [10, 20] });
    expect(checkQuantity('20', tens)).toEqual({ kind: 'ok', quantity: 20 });
    expect(checkQuantity('9995', tens)).toEqual({ kind: 'pack', quantity: 9995, choices: [9990] });
    expect(nearestAllowedPackages(tens, 9999)).toEqual([9990]);
    expect(nearestAllowedPackages(tens, 5)).toEqual([10, 20]);
    expect(nearestAllowedPackages(quantityRule({ sales_minimum: 6, sales_increment: 4 }), 1)).toEqual([8, 12]);
  });

  it('counts packages of several units against the rule in units', () => {
    // Bags of 5 of a model sold in tens: 3 bags (15 units) → 2 or 4 bags.
    expect(checkQuantity('3', tens, 5)).toEqual({ kind: 'pack', quantity: 3, choices: [2, 4] });
    expect(checkQuantity('3', tens, 10)).toEqual({ kind: 'ok', quantity: 3 });
  });
});

describe('the confirmation threshold', () => {
  it('asks from 1 000 units or 5 000 € of line value', () => {
    expect(CONFIRM_UNITS).toBe(1000);
    expect(CONFIRM_VALUE_EUR).toBe(5000);
    expect(needsQuantityConfirmation(999, null)).toBe(false);
    expect(needsQuantityConfirmation(1000, null)).toBe(true);
    expect(needsQuantityConfirmation(10, 4999.99)).toBe(false);
    expect(needsQuantityConfirmation(10, 5000)).toBe(true);
    expect(needsQuantityConfirmation(10, undefined)).toBe(false);
  });
});

describe('the packages the picker offers', () => {
  it('leaves out the unit for a model sold in tens', () => {
    expect(offeredPackageSizes({ small_package: '10/50', sales_minimum: 10, sales_increment: 10 })).toEqual([10, 50]);
    expect(offeredPackageSizes({ small_package: '10/50', sales_minimum: 1, sales_increment: 1 })).toEqual([1, 10, 50]);
    expect(offeredPackageSizes({ small_package: '-' })).toEqual([1]);
  });
});

describe('the line maximum (server answer)', () => {
  it('says how many the line has and how many can still be added', () => {
    const err = lineMaximumError(quantityRule({}), 1, 5, 9999);
    expect(err.message).toBe('Esta linha já tem 5 e o máximo por linha é 9 999: com mais 9 999 passaria o máximo. Pode adicionar no máximo 9 994.');
    expect(err.details?.allowed).toContain('max_add=9994');
    // Sold in tens: what can still be added keeps the line a multiple of 10.
    expect(lineMaximumError(tens, 1, 20, 9990).details?.allowed).toContain('max_add=9970');
    expect(lineMaximumError(quantityRule({}), 1, 9999, 1).message).toBe('Esta linha já tem o máximo de 9 999 por linha: não pode adicionar mais.');
    expect(groupedQuantity(12345)).toBe('12 345');
  });
});

describe('quick order: a code given twice is summed once', () => {
  it('sums the lines of one code (any case) at the place of the first, and says so', () => {
    const { lines } = parseQuickOrderText('AB-1 4\nCD-2 1\nab-1 6\nAB-1 5');
    const merged = mergeRepeatedCodes(lines);
    expect(merged.lines).toEqual([
      { line: 1, text: 'AB-1 15', code: 'AB-1', quantity: 15 },
      { line: 2, text: 'CD-2 1', code: 'CD-2', quantity: 1 },
    ]);
    expect(merged.merged).toEqual([
      { code: 'AB-1', lines: [1, 3, 4], quantity: 15, text: 'AB-1 aparece nas linhas 1, 3 e 4: as quantidades foram somadas numa só linha (15).' },
    ]);
    expect(merged.problems).toEqual([]);
  });

  it('refuses a sum past the maximum as one line', () => {
    const { lines } = parseQuickOrderText('AB-1 9000\nAB-1 1000');
    const merged = mergeRepeatedCodes(lines);
    expect(merged.lines).toEqual([]);
    expect(merged.problems).toHaveLength(1);
    expect(merged.problems[0]).toMatchObject({ line: 1, text: 'AB-1 10000' });
    expect(merged.problems[0]!.reason).toContain('entre 1 e 9 999');
  });
});
