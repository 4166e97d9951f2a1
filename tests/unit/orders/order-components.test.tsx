import type * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { actorKind, OrderHistory } from '@/components/orders/order-history';
import { OrderAddress } from '@/components/orders/order-address';
import { OrderLinesTable } from '@/components/orders/order-lines-table';
import type { OrderLineView } from '@/lib/orders/types';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { OrderTotals } from '@/components/orders/order-totals';
import { OrdersTable } from '@/components/orders/orders-table';
import { PaymentInstructions } from '@/components/orders/payment-instructions';
import { ORDER_STATUSES } from '@/lib/orders/status';
import { formatPrice } from '@/lib/format';
import { text } from '@/tests/helpers/next-intl';
import { resolveServerTree } from '@/tests/helpers/server-components';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());

/** Renders an async server component (and the ones inside it). */
const show = async (node: React.ReactNode) => render(<>{await resolveServerTree(node)}</>);

/** Intl's pt-PT output uses narrow no-break spaces: compare with plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const LINE: OrderLineView = {
  position: 1,
  model_id: 7,
  model_code: 'TM-100-CR',
  product_code: 'TM-100',
  product_name: 'Torneira monocomando',
  model_name: 'Cromado 1/2"',
  size: '1/2"',
  package_type: 'Caixa',
  items_per_package: 10,
  packages: 3,
  units: 30,
  base_unit_price: 14.2857,
  unit_price: 12.5,
  discount_percentage: 12.5,
  tax_rate: 23,
  total_price: 375,
  tax: 86.25,
  total_price_with_tax: 461.25,
};

describe('OrderStatusBadge', () => {
  it('names every state in Portuguese', async () => {
    for (const status of ORDER_STATUSES) {
      const { unmount } = await show(<OrderStatusBadge status={status} />);
      expect(screen.getByTestId('order-status')).toHaveTextContent(text(`Orders.status.${status}`));
      expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', status);
      unmount();
    }
    await show(<OrderStatusBadge status="pending_payment" />);
    expect(screen.getByText('A aguardar pagamento')).toBeInTheDocument();
  });
});

describe('OrderTotals', () => {
  it('shows goods without and with IVA, IVA, shipping and the total as stored', async () => {
    await show(<OrderTotals totals={{ subtotal: 1234.5, tax: 283.94, subtotal_with_tax: 1518.44, shipping: 0, total: 1518.44 }} />);
    expect(plain(screen.getByTestId('totals-goods').textContent)).toBe(plain(formatPrice(1234.5)));
    expect(plain(screen.getByTestId('totals-goods').textContent)).toMatch(/^1 ?234,50 €$/);
    expect(plain(screen.getByTestId('totals-tax').textContent)).toBe('283,94 €');
    expect(screen.getByTestId('totals-shipping')).toHaveTextContent('Grátis');
    expect(plain(screen.getByTestId('totals-total').textContent)).toMatch(/^1 ?518,44 €$/);
  });

  it('shows the shipping in euros below the free-shipping threshold', async () => {
    await show(<OrderTotals totals={{ subtotal: 10, tax: 2.3, subtotal_with_tax: 12.3, shipping: 7, total: 19.3 }} />);
    expect(plain(screen.getByTestId('totals-shipping').textContent)).toBe('7,00 €');
  });
});

describe('OrderLinesTable', () => {
  it('shows code, name with what tells the model apart (size once), packages × package, units, prices, discount, IVA and totals', async () => {
    await show(<OrderLinesTable lines={[LINE, { ...LINE, position: 2, model_code: 'UN-1', package_type: 'Unidade', items_per_package: 1, packages: 2, units: 2, discount_percentage: 0, size: null }]} caption="Artigos da encomenda EN-2026-000001" />);
    const table = screen.getByRole('table', { name: 'Artigos da encomenda EN-2026-000001' });
    const [first, second] = within(table).getAllByTestId('order-line');
    expect(first).toHaveAttribute('data-model-code', 'TM-100-CR');
    const cells = within(first!).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells).toEqual(['TM-100-CR', 'Torneira monocomandoCromado · 1/2"', '3 × Caixa (10 un.)', '30', '12,50 €', '12,5 %', '23 %', '375,00 €', '461,25 €']);
    const other = within(second!).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(other[2]).toBe('2 × Unidade');
    expect(other[5]).toBe('—');
    expect(within(table).getByRole('columnheader', { name: 'Preço unit. s/ IVA' })).toBeInTheDocument();
  });
});

describe('OrderAddress', () => {
  it('shows the label, lines, postal code and locality, country, NIF and phone', async () => {
    await show(<OrderAddress showLabel address={{ label: 'Obra Gaia', name: 'Construções Teste, Lda.', nif: '509123457', line1: 'Rua da Obra, 7', line2: '2.º andar', postal_code: '4400-100', locality: 'Vila Nova de Gaia', country: 'PT', phone: '+351 910 000 000' }} />);
    const block = screen.getByTestId('order-address');
    expect(block.tagName).toBe('ADDRESS');
    expect(block).toHaveTextContent('Obra Gaia');
    expect(block).toHaveTextContent('4400-100 Vila Nova de Gaia');
    expect(block).toHaveTextContent('Portugal');
    expect(screen.getByTestId('order-address-nif')).toHaveTextContent('NIF 509123457');
    expect(block).toHaveTextContent('Tel. +351 910 000 000');
  });

  it('leaves out what the address does not have', async () => {
    await show(<OrderAddress address={{ label: 'Loja', name: 'Loja (showroom)', nif: null, line1: 'Rua A', line2: null, postal_code: '4400-000', locality: 'Gaia', country: 'PT', phone: null }} />);
    expect(screen.queryByTestId('order-address-nif')).toBeNull();
    expect(screen.getByTestId('order-address')).not.toHaveTextContent('Loja (showroom)Loja');
    expect(screen.getByTestId('order-address')).not.toHaveTextContent('Tel.');
  });
});

describe('PaymentInstructions', () => {
  it('shows a bank transfer: IBAN in groups of four, beneficiary, the order number as reference and the amount', async () => {
    await show(<PaymentInstructions payment={{ method: 'bank_transfer', iban: 'PT50000201231234567890154', beneficiary: 'Casa das Águas de Gaia, Lda.', reference: 'EN-2026-000123', amount: 1234.56 }} />);
    const box = screen.getByTestId('payment-instructions');
    expect(within(box).getByRole('heading', { name: 'Instruções de pagamento' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-iban')).toHaveTextContent('PT50 0002 0123 1234 5678 9015 4');
    expect(screen.getByTestId('payment-beneficiary')).toHaveTextContent('Casa das Águas de Gaia, Lda.');
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('EN-2026-000123');
    expect(plain(screen.getByTestId('payment-amount').textContent)).toMatch(/^1 ?234,56 €$/);
  });

  it('shows a Multibanco reference (entity, reference in groups of three, amount, deadline in Lisbon time)', async () => {
    await show(<PaymentInstructions payment={{ method: 'multibanco', entity: '12345', reference: '123456789', amount: '50.1', expires_at: '2026-07-01T22:59:00Z' }} />);
    expect(screen.getByTestId('payment-instructions')).toHaveAttribute('data-method', 'multibanco');
    expect(screen.getByTestId('payment-entity')).toHaveTextContent('12345');
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('123 456 789');
    expect(plain(screen.getByTestId('payment-amount').textContent)).toBe('50,10 €');
    expect(screen.getByTestId('payment-expires')).toHaveTextContent('01/07/2026, 23:59');
  });

  it('shows an MB WAY request with the phone and amount', async () => {
    await show(<PaymentInstructions payment={{ method: 'mbway', phone: '+351 912 345 678', amount: 20 }} />);
    expect(screen.getByTestId('payment-phone')).toHaveTextContent('+351 912 345 678');
    expect(screen.getByText(/aplicação MB WAY/)).toBeInTheDocument();
  });

  it('tells a pickup payment the amount to bring', async () => {
    await show(<PaymentInstructions payment={{ method: 'pay_at_pickup', amount: 99.9, place: 'showroom' }} />);
    expect(plain(screen.getByTestId('payment-instructions').textContent)).toContain('Pague 99,90 € no levantamento.');
  });

  it('renders nothing for an unknown method or data missing its essential field', async () => {
    for (const payment of [{ method: 'paypal', amount: 1 }, { method: 'bank_transfer', amount: 1 }, { method: 'multibanco', entity: '12345' }, null]) {
      const { container, unmount } = await show(<PaymentInstructions payment={payment} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});

describe('OrderHistory', () => {
  it('shows time (Lisbon), from → to and who, oldest first', async () => {
    await show(
      <OrderHistory
        viewerId="u1"
        history={[
          { from: null, to: 'pending_payment', actor: 'user:u1', at: '2026-03-29T23:30:00Z' },
          { from: 'pending_payment', to: 'confirmed', actor: 'payment:bank_transfer', at: '2026-03-30T09:00:00Z' },
          { from: 'confirmed', to: 'preparing', actor: 'user:staff-9', at: '2026-03-30T10:00:00Z' },
          { from: 'preparing', to: 'cancelled', actor: 'system', at: '2026-03-30T11:00:00Z' },
        ]}
      />,
    );
    const entries = screen.getAllByTestId('order-history-entry').map((e) => e.textContent);
    // 23:30 UTC on 29 March 2026 is 00:30 of the 30th in Lisbon (summer time began that night).
    expect(entries[0]).toContain('30/03/2026, 00:30');
    expect(entries[0]).toContain('Encomenda registada');
    expect(entries[0]).toContain('A sua conta');
    expect(entries[1]).toMatch(/A aguardar pagamento.*passou a.*Confirmada/);
    expect(entries[1]).toContain('A aguardar pagamento');
    expect(entries[1]).toContain('Confirmada');
    expect(entries[1]).toContain('Pagamento');
    expect(entries[2]).toContain('Equipa da loja');
    expect(entries[2]).not.toContain('staff-9');
    expect(entries[3]).toContain('Sistema');
  });

  it('tells the actors apart', async () => {
    expect(actorKind('user:a', 'a')).toBe('actorYou');
    expect(actorKind('user:b', 'a')).toBe('actorStaff');
    expect(actorKind('user:b')).toBe('actorCustomer');
    expect(actorKind('payment:mbway')).toBe('actorPayment');
    expect(actorKind('system')).toBe('actorSystem');
  });
});

describe('OrdersTable', () => {
  it('links each number to its page and shows the Lisbon date, state, delivery and total', async () => {
    await show(
      <OrdersTable
        caption="As suas encomendas"
        orders={[{ id: 7, number: 'EN-2026-000007', status: 'shipped', placed_at: '2026-03-29T23:30:00Z', delivery_method: 'pickup_warehouse', totals: { total: 19.3 } }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'As suas encomendas' });
    const link = within(table).getByRole('link', { name: 'Ver a encomenda EN-2026-000007' });
    expect(link).toHaveAttribute('href', '/dashboard/orders/7');
    expect(link).toHaveTextContent('EN-2026-000007');
    const row = within(table).getByTestId('order-row');
    expect(row).toHaveTextContent('30/03/2026');
    expect(row).toHaveTextContent('Enviada');
    expect(row).toHaveTextContent('Levantamento no armazém');
    expect(plain(row.textContent)).toContain('19,30 €');
  });

  it('leaves the delivery out when compact', async () => {
    await show(<OrdersTable compact caption="Recentes" orders={[{ id: 1, number: 'EN-2026-000001', status: 'completed', placed_at: '2026-01-01T10:00:00Z', delivery_method: 'delivery', totals: { total: 1 } }]} />);
    expect(screen.queryByRole('columnheader', { name: 'Entrega' })).toBeNull();
  });
});

describe('PaymentInstructions, as the checkout success page uses it', () => {
  it('reads the payment of an order passed whole, and can leave its heading to the page', async () => {
    await show(<PaymentInstructions heading={false} order={{ payment: { method: 'bank_transfer', iban: 'PT50000201231234567890154', beneficiary: 'Loja', reference: 'EN-2026-000009', amount: 10 } }} />);
    const box = screen.getByRole('region', { name: 'Instruções de pagamento' });
    expect(within(box).queryByRole('heading')).toBeNull();
    expect(within(box).getByTestId('payment-reference')).toHaveTextContent('EN-2026-000009');
  });
});

describe('PaymentInstructions with the payment provider’s data (ifthenpay adapter, server/payments)', () => {
  const base = { provider: 'ifthenpay', amount: 123.4, request_id: null, paid_at: null };

  it('Multibanco: the reference once issued, with its last day; a note while it is asked for, and when it failed', async () => {
    const issued = await show(<PaymentInstructions payment={{ ...base, method: 'multibanco', status: 'awaiting_payment', entity: '12345', reference: '987654321', expires_on: '2026-12-31' }} />);
    expect(screen.getByTestId('payment-entity')).toHaveTextContent('12345');
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('987 654 321');
    expect(screen.getByTestId('payment-expires')).toHaveTextContent('31/12/2026');
    issued.unmount();

    const asking = await show(<PaymentInstructions payment={{ ...base, method: 'multibanco', status: 'requesting', entity: null, reference: null, expires_on: null }} />);
    expect(screen.getByTestId('payment-instructions')).toHaveAttribute('data-state', 'pending');
    expect(plain(screen.getByTestId('payment-instructions').textContent)).toContain('A referência Multibanco para pagar 123,40 € está a ser gerada.');
    asking.unmount();

    await show(<PaymentInstructions payment={{ ...base, method: 'multibanco', status: 'failed', entity: null, reference: null, expires_on: null }} />);
    expect(screen.getByTestId('payment-instructions')).toHaveAttribute('data-state', 'failed');
    expect(screen.getByTestId('payment-instructions')).toHaveTextContent('Contacte-nos para pagar de outra forma');
  });

  it('MB WAY: the masked phone and amount once requested; notes while pending and when it failed', async () => {
    const sent = await show(<PaymentInstructions payment={{ ...base, method: 'mbway', status: 'awaiting_payment', phone: '9•• ••• 678' }} />);
    expect(screen.getByTestId('payment-phone')).toHaveTextContent('9•• ••• 678');
    expect(plain(screen.getByTestId('payment-amount').textContent)).toBe('123,40 €');
    sent.unmount();
    const pending = await show(<PaymentInstructions payment={{ ...base, method: 'mbway', status: 'requesting', phone: '9•• ••• 678' }} />);
    expect(screen.getByTestId('payment-instructions')).toHaveTextContent('telemóvel 9•• ••• 678');
    pending.unmount();
    await show(<PaymentInstructions payment={{ ...base, method: 'mbway', status: 'failed', phone: '9•• ••• 678' }} />);
    expect(screen.getByTestId('payment-instructions')).toHaveAttribute('data-state', 'failed');
  });

  it('says the payment was received once paid', async () => {
    await show(<PaymentInstructions payment={{ ...base, method: 'multibanco', status: 'paid', entity: '12345', reference: '987654321', paid_at: '2026-11-25T10:00:00Z' }} />);
    expect(plain(screen.getByTestId('payment-instructions').textContent)).toContain('Pagamento de 123,40 € recebido. Obrigado!');
    expect(screen.queryByTestId('payment-reference')).toBeNull();
  });
});
