import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QuoteAnswerForm, parseEuro } from '@/components/quotes/answer-form';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: mockRefresh, prefetch: jest.fn() }) }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  mockRefresh.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
const sentBody = (call = 0) => JSON.parse(String((fetchMock.mock.calls[call]![1] as RequestInit).body));

const LINES = [
  { position: 1, label: 'A-1 — Torneira', list_unit_price: 12.5, unit_price: null },
  { position: 2, label: 'B-2 — Válvula', list_unit_price: null, unit_price: null },
];

function renderForm() {
  render(<QuoteAnswerForm quoteId={5} version={3} lines={LINES} defaultValidUntil="2026-12-25" shipping={null} revising={false} />);
}

describe('parseEuro', () => {
  it('reads prices typed the Portuguese way', () => {
    expect(parseEuro('12,5')).toBe(12.5);
    expect(parseEuro('1.234,56 €')).toBe(1234.56);
    expect(parseEuro('7.25')).toBe(7.25);
    expect(parseEuro('')).toBeNaN();
    expect(parseEuro('abc')).toBeNaN();
  });
});

describe('staff answer form', () => {
  it("starts from the customer's list price and today + 30 days, and sends the prices with the version", async () => {
    renderForm();
    expect(screen.getByLabelText(/linha 1\b/)).toHaveValue('12,50');
    expect(screen.getByText('Preço de tabela do cliente: 12,50 €')).toBeInTheDocument();
    expect(screen.getByText('Sem preço de tabela (visitante)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Válido até/)).toHaveValue('2026-12-25');
    fireEvent.change(screen.getByLabelText(/linha 2\b/), { target: { value: '7,25' } });
    fireEvent.change(screen.getByLabelText('Portes c/ IVA (€)'), { target: { value: '15' } });
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/quotes/5/answer');
    expect(sentBody()).toEqual({
      version: 3,
      lines: [
        { position: 1, unit_price: 12.5 },
        { position: 2, unit_price: 7.25 },
      ],
      shipping: 15,
      valid_until: '2026-12-25',
      message: null,
    });
  });

  it("puts the server's line message under that line's field and focuses it", async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/linha 2\b/), { target: { value: 'abc' } });
    const invalid = 'Preço inválido: um valor em euros, de 0 a 1 000 000, com até 4 casas decimais.';
    fetchMock.mockReturnValueOnce(answer(400, { success: false, message: 'Parâmetros inválidos.', error: { code: 'bad_request', message: 'Parâmetros inválidos.', details: { 'lines.1.unit_price': [invalid] } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    await waitFor(() => expect(screen.getByLabelText(/linha 2\b/)).toHaveFocus());
    expect(sentBody().lines[1]).toEqual({ position: 2, unit_price: -1 });
    expect(screen.getByLabelText(/linha 2\b/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(invalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/linha 2\b/)).toHaveValue('abc');
  });

  it('a stale version is refused with the server message and a reload button', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/linha 2\b/), { target: { value: '1' } });
    const stale = 'Este registo foi alterado por outra pessoa. Reveja o orçamento e responda de novo.';
    fetchMock.mockReturnValueOnce(answer(409, { success: false, message: stale, error: { code: 'conflict', message: stale, details: { version: ['4'] } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    expect(mockRefresh).not.toHaveBeenCalled();
  });
});
