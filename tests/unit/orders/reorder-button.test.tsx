import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ReorderButton } from '@/components/orders/reorder-button';
import { toast } from '@/components/ui/toast';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn(), warning: jest.fn() } }));
const refresh = jest.fn(async () => {});
jest.mock('@/components/cart/cart-provider', () => ({ useOptionalCart: () => ({ refresh }) }));

const fetchMock = jest.fn();
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockClear();
  jest.mocked(toast.success).mockReset();
  jest.mocked(toast.error).mockReset();
  jest.mocked(toast.warning).mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('Voltar a encomendar', () => {
  it('posts the reorder, says what was added, lists what was not and reloads the cart', async () => {
    fetchMock.mockReturnValue(
      answer(200, {
        success: true,
        data: { cart_id: 'c', added: [{ model_code: 'A', item_id: '1', quantity_of_packages: 1 }, { model_code: 'B', item_id: '2', quantity_of_packages: 2 }], unavailable: [{ model_code: 'C-9', model_name: 'Válvula antiga', reason: 'Este artigo já não está disponível.' }] },
      }),
    );
    render(<ReorderButton orderId={12} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar a encomendar' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/12/reorder', expect.objectContaining({ method: 'POST' }));
    expect(toast.success).toHaveBeenCalledWith('Artigos adicionados ao carrinho', expect.objectContaining({ description: expect.stringContaining('2 artigos adicionados aos preços de hoje.') }));
    expect(screen.getByTestId('reorder-result')).toHaveTextContent('2 artigos adicionados aos preços de hoje.');
    expect(screen.getByTestId('reorder-unavailable')).toHaveTextContent('C-9 — Válvula antiga: Este artigo já não está disponível.');
    expect(screen.getByRole('link', { name: 'Ver carrinho' })).toHaveAttribute('href', '/cart');
  });

  it('warns when nothing could be added', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, data: { cart_id: 'c', added: [], unavailable: [{ model_code: 'C-9', model_name: 'X', reason: 'Este artigo já não está disponível.' }] } }));
    render(<ReorderButton orderId={12} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar a encomendar' }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalled());
    expect(screen.getByTestId('reorder-result')).toHaveTextContent('Nenhum artigo desta encomenda está disponível');
  });

  it('shows the server’s Portuguese message on a refusal, and a generic one on a network failure', async () => {
    fetchMock.mockReturnValueOnce(answer(404, { success: false, error: { code: 'not_found', message: 'Encomenda não encontrada.' } }));
    render(<ReorderButton orderId={99} />);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar a encomendar' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Encomenda não encontrada.'));
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Voltar a encomendar' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível voltar a encomendar. Por favor, tente novamente.'));
    expect(refresh).not.toHaveBeenCalled();
  });
});
