/** @jest-environment node */
import { isValidNif } from '@/lib/validation/nif';
import { DEMO_NIF, resetEnvCache } from '@/lib/env';
import { orderConfirmationMail } from '@/server/orders/mails';
import type { OrderDetail } from '@/server/orders/queries';
import { quoteAcknowledgementMail, quoteAnsweredMail } from '@/server/quotes/mails';
import type { QuoteDetail } from '@/lib/quotes/types';
import { DEMO_PRO_ACCOUNT } from '@/scripts/seed/pricing';

jest.mock('server-only', () => ({}));

/** Issue 22 items 4 and 8: what the order and quote mails say about their lines, and where they lead. */
const env = process.env as Record<string, string | undefined>;
env.SITE_URL = 'https://loja.example.pt';
resetEnvCache();

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const address = { label: 'Sede', name: 'Canalizações Demo, Lda.', nif: '508462134', line1: 'Rua das Obras, 120', line2: null, postal_code: '4430-999', locality: 'Vila Nova de Gaia', country: 'PT', phone: null };
const tap = { model_id: 1, product_code: 'P1', product_name: 'Torneira monocomando Tejo', size: '1/2"', package_type: 'Unidade', items_per_package: 1, base_unit_price: 4.99, discount_percentage: 15.93, tax_rate: 23 };
const order = {
  id: 42,
  number: 'EN-2026-000042',
  status: 'confirmed',
  placed_at: '2026-11-21T10:00:00Z',
  delivery_method: 'pickup_showroom',
  payment_method: 'pay_at_pickup',
  po_reference: null,
  totals: { subtotal: 112.33, tax: 25.84, subtotal_with_tax: 138.17, shipping: 0, total: 138.17 },
  notes: null,
  delivery_address: address,
  billing_address: address,
  payment: { method: 'pay_at_pickup', status: 'pending' },
  history: [],
  lines: [
    { ...tap, position: 1, model_code: 'CRX-66470', model_name: 'Torneira monocomando Tejo cromado 1/2"', packages: 4, units: 4, unit_price: 4.195, total_price: 16.78, tax: 3.86, total_price_with_tax: 20.64 },
    { ...tap, position: 2, model_code: 'CRX-66472', model_name: 'Torneira monocomando Tejo inox escovado 1/2"', packages: 14, units: 14, unit_price: 6.825, total_price: 95.55, tax: 21.98, total_price_with_tax: 117.53 },
  ],
} as unknown as OrderDetail;

describe('order confirmation mail', () => {
  const mail = orderConfirmationMail(order, { name: 'Rui', email: 'rui@example.pt' });
  const text = nb(mail.text);

  it('names each line once (product — finish · size) and tells two finishes apart', () => {
    expect(text).toContain('CRX-66470 — Torneira monocomando Tejo — cromado · 1/2"');
    expect(text).toContain('CRX-66472 — Torneira monocomando Tejo — inox escovado · 1/2"');
    expect(text).not.toMatch(/1\/2" \(1\/2"\)|1\/2" · 1\/2"/);
  });

  it('shows units × the unit the line is computed from = the line (4 × 4,195 € = 16,78 €)', () => {
    expect(text).toContain('4 × Unidade (4 un.) × 4,195 € = 16,78 € s/ IVA · 20,64 € c/ IVA');
    expect(text).toContain('14 × Unidade (14 un.) × 6,825 € = 95,55 € s/ IVA');
  });

  it('carries an absolute link to the order in the customer\'s account', () => {
    expect(mail.text).toContain('https://loja.example.pt/dashboard/orders/42');
    expect(mail.html).toContain('href="https://loja.example.pt/dashboard/orders/42"');
  });
});

describe('quote mails', () => {
  const quote = {
    id: 7,
    number: 'OR-2026-000007',
    status: 'answered',
    created_at: '2026-11-20T10:00:00Z',
    valid_until: '2026-12-20',
    has_account: true,
    version: 1,
    contact: { name: 'Rui', email: 'rui@example.pt', phone: null, company: null, nif: null },
    message: null,
    answered_at: '2026-11-21T10:00:00Z',
    messages: [],
    history: [],
    totals: { subtotal: 79.28, tax: 18.23, shipping: 0, total: 97.51 },
    lines: [
      { position: 1, model_id: 3, model_code: 'TUB-300', product_code: 'P3', product_name: 'Tubo multicamada', model_name: 'Tubo multicamada 300 mm', size: '300 mm', package_type: 'Unidade', items_per_package: 1, packages: 30, units: 30, tax_rate: 23, list_unit_price: 2.6425, unit_price: 2.6425, total_price: 79.28, tax: 18.23, total_price_with_tax: 97.51 },
    ],
  } as unknown as QuoteDetail;

  it('say the size once, and the answer multiplies to its line', () => {
    const ack = nb(quoteAcknowledgementMail(quote, undefined).text);
    expect(ack).toContain('TUB-300 — Tubo multicamada — 300 mm');
    expect(ack).not.toMatch(/300 mm \(300 mm\)|300 mm · 300 mm/);
    const answered = nb(quoteAnsweredMail(quote).text);
    expect(answered).toContain('30 × Unidade (30 un.) × 2,6425 € s/ IVA = 79,28 € s/ IVA · 97,51 € c/ IVA');
  });

  it('link to the quote: the account page for a customer, the private link for a guest', () => {
    expect(quoteAcknowledgementMail(quote, undefined).text).toContain('https://loja.example.pt/dashboard/quotes/7');
    expect(quoteAcknowledgementMail({ ...quote, has_account: false }, 'a'.repeat(43)).text).toContain(`https://loja.example.pt/orcamento?token=${'a'.repeat(43)}`);
  });
});

describe('the demo professional account', () => {
  it('has its own valid NIF, not the shop\'s', () => {
    expect(isValidNif(DEMO_PRO_ACCOUNT.nif)).toBe(true);
    expect(DEMO_PRO_ACCOUNT.nif).not.toBe(DEMO_NIF);
  });
});
