/** @jest-environment node */
import { ORDER_SEARCH_MAX, ordersFilters, ordersHref } from '@/lib/orders/filters';
import { formatPercent } from '@/lib/format';
import { formatIban, formatOrderDate, formatOrderDateTime } from '@/lib/orders/format';

describe('the filters of /dashboard/orders', () => {
  it('reads a known state, the search and the page', () => {
    expect(ordersFilters({ status: 'shipped', q: ' EN-2026-0001 ', page: '3' })).toEqual({ status: 'shipped', q: 'EN-2026-0001', page: 3 });
  });

  it('ignores what it cannot use instead of failing', () => {
    expect(ordersFilters({ status: 'lost', page: 'abc' })).toEqual({ status: undefined, q: '', page: 1 });
    expect(ordersFilters({ page: '0' }).page).toBe(1);
    expect(ordersFilters({ page: '-2' }).page).toBe(1);
    expect(ordersFilters({ page: '99999999999' }).page).toBe(1);
    expect(ordersFilters({ status: ['confirmed', 'shipped'], q: ['a', 'b'] })).toMatchObject({ status: 'confirmed', q: 'a' });
    expect(ordersFilters({ q: 'x'.repeat(500) }).q).toHaveLength(ORDER_SEARCH_MAX);
  });

  it('writes the address of a page, leaving defaults out', () => {
    expect(ordersHref('/dashboard/orders', { status: undefined, q: '' }, 1)).toBe('/dashboard/orders');
    expect(ordersHref('/dashboard/orders', { status: 'confirmed', q: 'EN-2026' }, 2)).toBe('/dashboard/orders?status=confirmed&q=EN-2026&page=2');
  });
});

describe('order formats', () => {
  it('dates in Lisbon time, whatever the server zone', () => {
    expect(formatOrderDate('2026-03-29T23:30:00Z')).toBe('30/03/2026');
    expect(formatOrderDateTime('2026-12-31T23:59:00Z')).toBe('31/12/2026, 23:59');
    expect(formatOrderDate('not a date')).toBe('—');
  });

  it('IBANs in groups of four and percentages as the shop writes them', () => {
    expect(formatIban('PT50 0002 01231234567890154')).toBe('PT50 0002 0123 1234 5678 9015 4');
    expect(formatPercent(23)).toBe('23\u00a0%');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
  });
});
