import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeclineQuote, QuoteMessageForm } from '@/components/quotes/quote-actions';

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
const headersOf = (call = 0) => (fetchMock.mock.calls[call]![1] as RequestInit).headers as Record<string, string>;

describe('quote actions', () => {
  it("a guest's message travels with the link's token; the server's refusal goes under the field and the text stays", async () => {
    render(<QuoteMessageForm quoteId={9} token="TOKEN_abcdefghijklmnop" lines={[{ position: 1, name: 'A-1' }, { position: 2, name: 'B-2' }]} />);
    fireEvent.change(screen.getByLabelText(/^Nova mensagem/), { target: { value: '   ' } });
    fetchMock.mockReturnValueOnce(answer(400, { success: false, message: 'Parâmetros inválidos.', error: { code: 'bad_request', message: 'Parâmetros inválidos.', details: { body: ['Escreva a mensagem.'] } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(screen.getByLabelText(/^Nova mensagem/)).toHaveFocus());
    expect(screen.getByText('Escreva a mensagem.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/quotes/9/messages');
    expect(headersOf()['x-quote-token']).toBe('TOKEN_abcdefghijklmnop');

    fireEvent.change(screen.getByLabelText('Sobre a linha (opcional)'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Nova mensagem/), { target: { value: 'E a linha 2?' } });
    fetchMock.mockReturnValueOnce(answer(201, { success: true, data: {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
    expect(JSON.parse(String((fetchMock.mock.calls[1]![1] as RequestInit).body))).toEqual({ body: 'E a linha 2?', line_position: 2 });
    expect(screen.getByLabelText(/^Nova mensagem/)).toHaveValue('');
  });

  it('decline asks first, Escape cancels, and a refused move shows the server message', async () => {
    render(<DeclineQuote quoteId={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recusar orçamento' }));
    expect(screen.getByText('Recusar este orçamento? Não é possível voltar atrás.')).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo (opcional)')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Motivo (opcional)'), { key: 'Escape' });
    expect(screen.queryByText('Recusar este orçamento? Não é possível voltar atrás.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Recusar orçamento' }));
    const refused = 'Não é possível passar o orçamento de «Expirado» para «Recusado».';
    fetchMock.mockReturnValueOnce(answer(409, { success: false, message: refused, error: { code: 'conflict', message: refused } }));
    fireEvent.click(screen.getByRole('button', { name: 'Sim, recusar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(headersOf()['x-quote-token']).toBeUndefined();
    expect(mockRefresh).not.toHaveBeenCalled();
  });
});
