/** @jest-environment node */
import { canTransition, ORDER_STATUSES, orderNumber } from '@/lib/orders/status';
import { addressBody, checkoutBody } from '@/lib/validation/orders';
import { isValidNif, normaliseNif } from '@/lib/validation/nif';

describe('NIF', () => {
  it('accepts 9 digits with the right check digit, with or without PT and spaces', () => {
    for (const nif of ['123456789', '509123457', 'PT509123457', 'pt 509 123 457', '500000000', '100000010']) expect(isValidNif(nif)).toBe(true);
    expect(normaliseNif('PT 509 123 457')).toBe('509123457');
  });

  it('refuses a wrong check digit, other lengths and letters', () => {
    for (const nif of ['123456780', '50912345', '5091234570', 'ABC123456', '', 'PT', 'ES509123457']) expect(isValidNif(nif)).toBe(false);
  });

  it('counts 10 and 11 as a check digit of 0', () => {
    // 10000001x: sum 9·1 + 1·2 = 11 → 11 − 0 = 11 → 0
    expect(isValidNif('100000010')).toBe(true);
    expect(isValidNif('100000011')).toBe(false);
  });
});

describe('order states', () => {
  it('allows only the moves of the issue', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending_payment>confirmed',
        'pending_payment>cancelled',
        'confirmed>preparing',
        'confirmed>cancelled',
        'preparing>ready_for_pickup',
        'preparing>shipped',
        'preparing>cancelled',
        'ready_for_pickup>completed',
        'shipped>completed',
      ].sort(),
    );
  });

  it('numbers orders EN-YYYY-NNNNNN', () => {
    expect(orderNumber(2026, 123)).toBe('EN-2026-000123');
    expect(orderNumber(2027, 1)).toBe('EN-2027-000001');
  });
});

describe('checkout and address inputs', () => {
  it('takes a delivery address or a pickup, never both or neither', () => {
    expect(checkoutBody.safeParse({ delivery: { address_id: 3 }, payment_method: 'bank_transfer' }).success).toBe(true);
    expect(checkoutBody.safeParse({ delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' }).success).toBe(true);
    expect(checkoutBody.safeParse({ delivery: { address_id: 3, pickup: 'showroom' }, payment_method: 'bank_transfer' }).success).toBe(false);
    expect(checkoutBody.safeParse({ delivery: {}, payment_method: 'bank_transfer' }).success).toBe(false);
    expect(checkoutBody.safeParse({ delivery: { pickup: 'moon' }, payment_method: 'bank_transfer' }).success).toBe(false);
    expect(checkoutBody.safeParse({ delivery: { pickup: 'showroom' }, payment_method: 'cheque' }).success).toBe(false);
  });

  it('takes an expected total in euros with at most 2 decimals', () => {
    const base = { delivery: { pickup: 'showroom' }, payment_method: 'bank_transfer' };
    expect(checkoutBody.safeParse({ ...base, expected_total: 480.32 }).success).toBe(true);
    expect(checkoutBody.safeParse({ ...base, expected_total: 480.321 }).success).toBe(false);
    expect(checkoutBody.safeParse({ ...base, expected_total: '480.32' }).success).toBe(false);
  });

  it('checks the postal code NNNN-NNN and the NIF of an address', () => {
    const address = { label: 'Casa', name: 'Ana', line1: 'Rua A, 1', postal_code: '4400-100', locality: 'Gaia' };
    expect(addressBody.parse({ ...address, nif: 'PT123456789' }).nif).toBe('123456789');
    expect(addressBody.safeParse({ ...address, postal_code: '4400' }).success).toBe(false);
    expect(addressBody.safeParse({ ...address, nif: '123456788' }).success).toBe(false);
    expect(addressBody.safeParse({ ...address, country: 'ES' }).success).toBe(false);
  });
});
