import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RequestQuoteDialog, fieldErrorsOf } from '@/components/quotes/request-quote-dialog';
import type { Viewer } from '@/lib/auth/viewer';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
const mockPush = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }) }));
let mockViewer: Viewer | null = null;
jest.mock('@/components/auth/auth-provider', () => ({ useAuth: () => ({ viewer: mockViewer }) }));
let mockCart: { cartId: string | null; items: unknown[]; loading: boolean } | null = null;
jest.mock('@/components/cart/cart-provider', () => ({ useOptionalCart: () => mockCart }));
const MODELS = [
  { id: 11, code: 'M-11', name: 'Modelo onze', size: '1/2"', sales_minimum: 1, sales_increment: 1 },
  { id: 12, code: 'M-12', name: 'Modelo doze', size: '3/4"', sales_minimum: 6, sales_increment: 6 },
];
jest.mock('@/components/cart/models-store', () => ({ peekModels: () => null, loadModels: () => Promise.resolve(MODELS) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  mockPush.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  mockViewer = null;
  mockCart = { cartId: 'AbCdEfGhIjKlMnOpQrStUv', items: [{}, {}], loading: false };
});

const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
const sentBody = (call = 0) => JSON.parse(String((fetchMock.mock.calls[call]![1] as RequestInit).body));

function fillGuest(phone: string) {
  fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Ana Silva' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.pt' } });
  fireEvent.change(screen.getByLabelText(/^Telefone/), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Mensagem (opcional)'), { target: { value: 'Para uma obra.' } });
}

describe('fieldErrorsOf', () => {
  it('puts contact messages on their fields and a line refusal on the quantity', () => {
    expect(fieldErrorsOf({ phone: ['Telefone inválido'], 'lines.0': ['Linha 1: embalagem'], cart_id: ['x'], message: ['longo'] })).toEqual({
      phone: 'Telefone inválido',
      quantity: 'Linha 1: embalagem',
      message: 'longo',
    });
  });
});

describe('request a quote', () => {
  it("a guest's refusal shows the server's message under the field, focuses it and keeps what was typed; then goes to /quote-success", async () => {
    render(<RequestQuoteDialog open onOpenChange={() => {}} source={{ kind: 'cart' }} />);
    expect(screen.getByText('Artigos: as 2 linhas do seu carrinho.')).toBeInTheDocument();
    fillGuest('123');
    fetchMock.mockReturnValueOnce(
      answer(400, { success: false, message: 'Parâmetros inválidos.', error: { code: 'bad_request', message: 'Parâmetros inválidos.', details: { phone: ['Telefone inválido: 9 algarismos (o indicativo +351 é aceite).'] } } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    const phone = screen.getByLabelText(/^Telefone/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText('Telefone inválido: 9 algarismos (o indicativo +351 é aceite).')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Ana Silva');
    expect(screen.getByLabelText('Mensagem (opcional)')).toHaveValue('Para uma obra.');
    expect(sentBody()).toMatchObject({ cart_id: 'AbCdEfGhIjKlMnOpQrStUv', name: 'Ana Silva', email: 'ana@example.pt', phone: '123' });

    fireEvent.change(phone, { target: { value: '912345678' } });
    fetchMock.mockReturnValueOnce(answer(201, { success: true, data: { quote_id: 7, number: 'OR-2026-000007', status: 'requested', access_token: 'x' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/quote-success?number=OR-2026-000007'));
  });

  it('shows a 429 in Portuguese, and a message of its own when offline', async () => {
    render(<RequestQuoteDialog open onOpenChange={() => {}} source={{ kind: 'cart' }} />);
    fillGuest('912345678');
    const tooMany = 'Demasiadas tentativas. Por favor, aguarde 12 minutos e tente novamente.';
    fetchMock.mockReturnValueOnce(answer(429, { success: false, message: tooMany, error: { code: 'rate_limited', message: tooMany, details: { retryAfter: ['700'] } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    fetchMock.mockReturnValueOnce(Promise.reject(new TypeError('offline')));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText('Sem ligação ao servidor. Verifique a sua ligação e tente novamente.')).toBeInTheDocument();
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('a customer gets no contact fields; from the product page the chosen model and quantity are sent as a line', async () => {
    mockViewer = { id: 'u1', email: 'cliente@example.pt' } as Viewer;
    render(<RequestQuoteDialog open onOpenChange={() => {}} source={{ kind: 'product', productCode: 'P1', productName: 'Torneira' }} />);
    expect(screen.getByText(/cliente@example\.pt/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Telefone/)).toBeNull();
    const model = await screen.findByLabelText(/^Modelo/);
    await act(async () => {
      fireEvent.change(model, { target: { value: '12' } });
    });
    // The pack of 6 is the starting quantity, with its hint.
    expect(screen.getByLabelText(/^Quantidade/)).toHaveValue('6');
    expect(screen.getByText('Vendido em múltiplos de 6.')).toBeInTheDocument();
    // A count the pack rule refuses is not sent: the nearest allowed counts are offered (issue 22).
    fireEvent.change(screen.getByLabelText(/^Quantidade/), { target: { value: '4' } });
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vende-se em múltiplos de 6 (mínimo 6): 6 ou 12?');
    expect(fetchMock.mock.calls.length).toBe(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Usar 12' }));
    expect(screen.getByLabelText(/^Quantidade/)).toHaveValue('12');
    // The server still judges: its message goes under the box.
    fetchMock.mockReturnValueOnce(
      answer(422, { success: false, message: 'Linha 1: quantidade', error: { code: 'unprocessable', message: 'Linha 1: quantidade', details: { 'lines.0': ['Linha 1: vendido em múltiplos de 6.'] } } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await waitFor(() => expect(screen.getByLabelText(/^Quantidade/)).toHaveFocus());
    expect(screen.getByText('Linha 1: vendido em múltiplos de 6.')).toBeInTheDocument();
    expect(sentBody()).toEqual({ lines: [{ product_id: 12, quantity_of_packages: 12 }], message: '' });
  });

  it('counts the message (N/2000) and refuses a longer one with a message, keeping all of it, instead of cutting it (issue 22)', async () => {
    render(<RequestQuoteDialog open onOpenChange={() => {}} source={{ kind: 'cart' }} />);
    fillGuest('912345678');
    expect(screen.getByTestId('quote-message-counter')).toHaveTextContent('14/2000');
    const message = screen.getByLabelText('Mensagem (opcional)');
    expect(message).not.toHaveAttribute('maxLength');
    const pasted = 'Obra em Canidelo. '.repeat(278); // 5 004 characters
    fireEvent.change(message, { target: { value: pasted } });
    expect(message).toHaveValue(pasted);
    expect(screen.getByTestId('quote-message-counter')).toHaveTextContent('5004/2000');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/A mensagem tem 5004 caracteres e o máximo é 2000/)).toBeInTheDocument();
    expect(message).toHaveValue(pasted);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(message, { target: { value: pasted.slice(0, 2000) } });
    expect(screen.getByTestId('quote-message-counter')).toHaveTextContent('2000/2000');
    expect(screen.queryByText(/A mensagem tem/)).toBeNull();
  });

  it('an empty cart is refused without a call', async () => {
    mockCart = { cartId: null, items: [], loading: false };
    render(<RequestQuoteDialog open onOpenChange={() => {}} source={{ kind: 'cart' }} />);
    fillGuest('912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O carrinho está vazio');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
