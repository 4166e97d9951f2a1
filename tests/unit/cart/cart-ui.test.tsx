import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthProvider } from '@/components/auth/auth-provider';
import { CART_ID_KEY, CartProvider } from '@/components/cart/cart-provider';
import { CartSummaryView } from '@/components/cart/cart-summary-view';
import { shouldShowFloatingCart } from '@/components/cart/floating-cart-button';
import { ModelPickerRow } from '@/components/cart/model-picker-row';
import { PriceDisplay, lowestPrice } from '@/components/cart/price-display';
import { QuantityInput } from '@/components/cart/quantity-input';
import { QuickOrder } from '@/components/cart/quick-order';
import { CartButton } from '@/components/layout/cart-button';
import { toast } from '@/components/ui/toast';
import { toViewer } from '@/lib/auth/viewer';
import { cartSummary } from '@/lib/cart/summary';
import type { CartItem, ModelRow } from '@/lib/cart/types';
import type { PriceEntry } from '@/lib/pricing/types';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('next/navigation', () => ({ usePathname: () => '/produtos' }));
jest.mock('@/components/ui/toast', () => ({
  toast: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn(), message: jest.fn() },
}));
// Server actions run on the server; the auth provider's modules only need them to exist.
jest.mock('@/server/auth/actions', () => ({ signOutAction: jest.fn() }));

/** jsdom has no fetch Response: what the client reads of one. */
function fakeResponse(status: number, body?: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => (body === undefined ? Promise.reject(new Error('no body')) : body) } as unknown as Response;
}

const euro = (s: string) => new RegExp(s.replace(/\s/g, '\\s').replace('.', '\\.'));

const model = (over: Partial<ModelRow> = {}): ModelRow => ({
  id: 7,
  code: 'TUB-16',
  name: 'Tubo multicamada',
  size: '16x2 mm',
  small_package: '-',
  medium_package: null,
  large_package: null,
  stock_status: 'in_stock',
  ean: null,
  sales_minimum: 1,
  sales_increment: 1,
  ...over,
});

function line(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 'line-1',
    product_id: 7,
    selected_package_type: 'Unidade',
    items_per_package: 1,
    quantity_of_packages: 2,
    unit_price_at_purchase: 10,
    total_price: 20,
    base_unit_price: 12.5,
    discount_percentage: 20,
    tax_rate: 23,
    total_price_with_tax: 24.6,
    previous_unit_price: null,
    sales_minimum: 1,
    sales_increment: 1,
    product: {
      code: 'TUB-16',
      name: 'Tubo multicamada',
      seo_optimized_name: null,
      size: '16x2 mm',
      product_category_id: 1,
      product_code: 'P-1',
      url: '/produtos/p/P-1',
      stock_status: 'in_stock',
      active: true,
      product_category_details: { main_photo_url: '/media/p/1.svg', name: 'Tubo' },
    },
    ...over,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('model picker row (spec 4, 5)', () => {
  it.each(['2,5', '2.5', '-1', '1e9', 'abc', '99999', '10 un'])('keeps %p as typed, says why and adds nothing', (typed) => {
    const onAdd = jest.fn();
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo" onAdd={onAdd} />
      </ul>,
    );
    const input = screen.getByRole('textbox', { name: /Quantidade de TUB-16/ });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(input).toHaveValue(typed);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Indique um número inteiro entre 1 e 9 999');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables minus at 1, goes idle → adding (yellow, disabled) → success (check, back to 1 after 3 s)', async () => {
    jest.useFakeTimers();
    let resolve: (v: { ok: true; quantity: number }) => void = () => {};
    const onAdd = jest.fn(() => new Promise<{ ok: true; quantity: number }>((r) => (resolve = r)));
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo multicamada" onAdd={onAdd} />
      </ul>,
    );
    const minus = screen.getByRole('button', { name: /Diminuir a quantidade/ });
    const plus = screen.getByRole('button', { name: /Aumentar a quantidade/ });
    const input = screen.getByRole('textbox', { name: /Quantidade de TUB-16/ });
    expect(minus).toBeDisabled();
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(input).toHaveValue('3');
    expect(minus).toBeEnabled();
    const add = screen.getByRole('button', { name: /Adicionar TUB-16/ });
    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith(7, 3);
    expect(add).toHaveAttribute('data-status', 'adding');
    expect(add).toBeDisabled();
    expect(add.className).toContain('bg-amber-400');
    await act(async () => resolve({ ok: true, quantity: 3 }));
    expect(add).toHaveAttribute('data-status', 'success');
    expect(screen.getByTestId('row-success')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Adicionado ao carrinho', {
      description: '3 unidade(s) de Tubo multicamada foi adicionada ao carrinho.',
    });
    act(() => jest.advanceTimersByTime(3_000));
    expect(add).toHaveAttribute('data-status', 'idle');
    expect(input).toHaveValue('1');
    jest.useRealTimers();
  });

  it('on add with an empty box says so and resets to 1 without adding', () => {
    const onAdd = jest.fn();
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo" onAdd={onAdd} />
      </ul>,
    );
    const input = screen.getByRole('textbox', { name: /Quantidade de TUB-16/ });
    fireEvent.change(input, { target: { value: '' } });
    expect(input).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor selecione uma quantidade válida');
    expect(input).toHaveValue('1');
  });

  it('shows the row error for 3 s when the add fails', async () => {
    jest.useFakeTimers();
    const onAdd = jest.fn(async () => ({ ok: false as const, message: 'x' }));
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo" onAdd={onAdd} />
      </ul>,
    );
    const add = screen.getByRole('button', { name: /Adicionar TUB-16/ });
    await act(async () => fireEvent.click(add));
    expect(add).toHaveAttribute('data-status', 'error');
    expect(screen.getByTestId('row-error')).toHaveTextContent('Erro ao adicionar ao carrinho. Tente novamente.');
    act(() => jest.advanceTimersByTime(3_000));
    expect(screen.queryByTestId('row-error')).toBeNull();
    expect(add).toHaveAttribute('data-status', 'idle');
    jest.useRealTimers();
  });

  it('offers the nearest pack multiples instead of rounding, and does not list the unit', async () => {
    const onAdd = jest.fn(async () => ({ ok: true as const, quantity: 20 }));
    render(
      <ul>
        <ModelPickerRow model={model({ small_package: '10/50', sales_minimum: 10, sales_increment: 10 })} productName="Curva" onAdd={onAdd} />
      </ul>,
    );
    expect(screen.getByText(/Embalagens:/)).toHaveTextContent('Embalagens: 10 · 50 · Vende-se em múltiplos de 10 (mínimo 10).');
    const input = screen.getByRole('textbox', { name: /Quantidade de TUB-16/ });
    expect(input).toHaveValue('10');
    expect(screen.getByRole('button', { name: /Diminuir/ })).toBeDisabled();
    fireEvent.change(input, { target: { value: '7' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ })));
    expect(onAdd).not.toHaveBeenCalled();
    expect(input).toHaveValue('7');
    expect(screen.getByRole('alert')).toHaveTextContent('Vende-se em múltiplos de 10 (mínimo 10): 10 ou 20?');
    fireEvent.click(screen.getByRole('button', { name: 'Usar 20' }));
    expect(input).toHaveValue('20');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ })));
    expect(onAdd).toHaveBeenCalledWith(7, 20);
  });

  it('shows the server’s refusal (the line maximum) under the box instead of "Erro ao adicionar"', async () => {
    const message = 'Esta linha já tem 5 e o máximo por linha é 9 999: com mais 9 999 passaria o máximo. Pode adicionar no máximo 9 994.';
    const onAdd = jest.fn(async () => ({ ok: false as const, message, refused: true }));
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo" onAdd={onAdd} />
      </ul>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Quantidade de TUB-16/ }), { target: { value: '999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ })));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Erro ao adicionar ao carrinho. Tente novamente.')).toBeNull();
  });

  it('asks before adding 1 000 units or more, naming the quantity and the value', async () => {
    const onAdd = jest.fn(async () => ({ ok: true as const, quantity: 1200 }));
    const price: PriceEntry = { basePrice: 5, userPrice: 5, priceWithTax: 6.15, taxRate: 23, discountPercentage: 0 };
    render(
      <ul>
        <ModelPickerRow model={model()} productName="Tubo" price={price} userType="pro" onAdd={onAdd} />
      </ul>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Quantidade de TUB-16/ }), { target: { value: '1200' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmar a quantidade' });
    expect(dialog).toHaveTextContent('Vai adicionar 1200 unidades de TUB-16 (16x2 mm) — Tubo.');
    expect(dialog).toHaveTextContent(euro('Valor da linha: 6000,00 €.'));
    expect(onAdd).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Corrigir' })));
    expect(onAdd).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Adicionar TUB-16/ })));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim, confirmar' })));
    expect(onAdd).toHaveBeenCalledWith(7, 1200);
  });
});

describe('quantity box', () => {
  it('keeps the text as typed, ties its message to the box, and hands Escape and the choices to its owner', () => {
    const onValueChange = jest.fn();
    const onEscape = jest.fn();
    const onChoose = jest.fn();
    const { rerender } = render(<QuantityInput value="2,5" onValueChange={onValueChange} label="Quantidade" onEscape={onEscape} />);
    const box = screen.getByRole('textbox', { name: 'Quantidade' });
    expect(box).toHaveValue('2,5');
    expect(box).toHaveAccessibleDescription('Indique um número inteiro entre 1 e 9 999');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalled();
    rerender(<QuantityInput value="25" onValueChange={onValueChange} label="Quantidade" rule={{ minimum: 10, increment: 10 }} onChoose={onChoose} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Vende-se em múltiplos de 10 (mínimo 10): 20 ou 30?');
    fireEvent.click(screen.getByRole('button', { name: 'Usar 30' }));
    expect(onChoose).toHaveBeenCalledWith(30);
    expect(onValueChange).not.toHaveBeenCalled();
  });
});

describe('prices (spec 5, 6)', () => {
  const entry: PriceEntry = { basePrice: 12.5, userPrice: 10, priceWithTax: 12.3, taxRate: 23, discountPercentage: 20 };

  it('a professional sees base, discount, final and saving, net "s/ IVA", with the price with IVA beside', () => {
    render(<PriceDisplay entry={entry} userType="pro" />);
    expect(screen.getByTestId('price-base')).toHaveTextContent(euro('12,50 €'));
    expect(screen.getByTestId('price-discount')).toHaveTextContent('-20 %');
    expect(screen.getByTestId('price-final')).toHaveTextContent(euro('10,00 €'));
    expect(screen.getByTestId('price-net-label')).toHaveTextContent('s/ IVA');
    expect(screen.getByTestId('price-saving')).toHaveTextContent(euro('Poupa 2,50 €'));
    expect(screen.getByTestId('price-with-vat')).toHaveTextContent(euro('12,30 € c/ IVA'));
  });

  it('the compact form (cards, model rows) keeps the saving "Poupa" and the price list\'s 4 decimals (issue 22)', () => {
    render(<PriceDisplay entry={{ basePrice: 4.99, userPrice: 4.1915, priceWithTax: 5.1555, taxRate: 23, discountPercentage: 16 }} userType="pro" compact />);
    expect(screen.getByTestId('price-final')).toHaveTextContent(euro('4,1915 €'));
    expect(screen.getByTestId('price-saving')).toHaveTextContent(euro('Poupa 0,7985 €'));
    expect(screen.getByTestId('price-discount')).toHaveTextContent('-16 %');
    expect(screen.getByTestId('price-with-vat')).toHaveTextContent(euro('5,16 € c/ IVA'));
  });

  it('a private customer sees one price, with IVA', () => {
    render(<PriceDisplay entry={entry} userType="particular" />);
    expect(screen.getByTestId('price-particular')).toHaveTextContent(euro('12,30 €'));
    expect(screen.queryByTestId('price-base')).toBeNull();
    expect(screen.queryByText('s/ IVA')).toBeNull();
  });

  it('shows a dash for no price or 0, and "desde" the lowest positive model price', () => {
    render(<PriceDisplay entry={{ ...entry, userPrice: 0 }} userType="pro" />);
    expect(screen.getByTestId('price-none')).toHaveTextContent('-');
    const low = lowestPrice([null, { ...entry, userPrice: 0 }, entry, { ...entry, userPrice: 8, discountPercentage: 36 }]);
    expect(low.entry?.userPrice).toBe(8);
    expect(low.from).toBe(true);
    expect(low.maxDiscount).toBe(36);
  });
});

describe('floating cart button conditions (spec 4)', () => {
  const base = { count: 2, loading: false, pathname: '/produtos', dismissedAt: null };
  it.each([
    [{}, true],
    [{ count: 0 }, false],
    [{ loading: true }, false],
    [{ pathname: '/cart' }, false],
    [{ pathname: '/checkout' }, false],
    [{ pathname: '/checkout/pagamento' }, false],
    [{ pathname: '/admin' }, false],
    [{ pathname: '/admin/products' }, false],
    [{ pathname: '/carteira' }, true],
    [{ dismissedAt: 2 }, false],
    [{ dismissedAt: 1 }, true],
  ])('%j → %s', (over, shown) => {
    expect(shouldShowFloatingCart({ ...base, ...over })).toBe(shown);
  });
});

describe('cart summary display', () => {
  it('shows lines, packages, units, subtotal, IVA, shipping 7 € and total below 350 €', () => {
    const summary = cartSummary([line(), line({ id: 'l2', quantity_of_packages: 1, items_per_package: 10, total_price: 50, total_price_with_tax: 61.5 })]);
    render(<CartSummaryView summary={summary} signedIn />);
    expect(screen.getByTestId('summary-lines')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-items')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-units')).toHaveTextContent('12');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent(euro('70,00 €'));
    expect(screen.getByTestId('summary-vat')).toHaveTextContent(euro('16,10 €'));
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent(euro('7,00 €'));
    expect(screen.getByTestId('summary-total')).toHaveTextContent(euro('93,10 €'));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('free shipping and 100 % progress from 350 € with IVA', () => {
    const summary = cartSummary([line({ total_price: 300, total_price_with_tax: 369 })]);
    render(<CartSummaryView summary={summary} signedIn />);
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Grátis');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Tem portes grátis!')).toBeInTheDocument();
  });

  it('a guest sees counts only, no money', () => {
    const summary = cartSummary([line({ unit_price_at_purchase: null, total_price: null, total_price_with_tax: null })]);
    render(<CartSummaryView summary={summary} signedIn={false} />);
    expect(screen.getByTestId('summary-units')).toHaveTextContent('2');
    expect(screen.queryByTestId('summary-total')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/€/)).toBeNull();
  });
});

describe('quick order', () => {
  it('shows the added count and every refused line with its number and reason', async () => {
    const submit = jest.fn(async () => ({
      ok: true,
      status: 200,
      data: {
        added: 1,
        problems: [
          { line: 2, text: 'NAO-EXISTE 3', reason: 'Código desconhecido: NAO-EXISTE.' },
          { line: 3, text: 'TUB-16 2,5', reason: 'Quantidade decimal não aceite: use números inteiros.' },
        ],
      },
    }));
    render(<QuickOrder submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escreva ou cole pelo menos uma linha.');
    const text = 'TUB-16 4\nNAO-EXISTE 3\nTUB-16 2,5';
    fireEvent.change(screen.getByRole('textbox', { name: /código quantidade/ }), { target: { value: text } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' })));
    expect(submit).toHaveBeenCalledWith({ text });
    expect(screen.getByTestId('quick-order-added')).toHaveTextContent('1 linha adicionada ao carrinho.');
    const problems = screen.getAllByTestId('quick-order-problem');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toHaveTextContent('Linha 2 «NAO-EXISTE 3»: Código desconhecido: NAO-EXISTE.');
    expect(problems[1]).toHaveTextContent('Linha 3 «TUB-16 2,5»: Quantidade decimal não aceite');
    // Only the refused lines stay in the box: sending again cannot add TUB-16 4 twice.
    expect(screen.getByRole('textbox', { name: /código quantidade/ })).toHaveValue('NAO-EXISTE 3\nTUB-16 2,5');
  });

  it('says which repeated codes were summed into one line', async () => {
    const merged = [{ code: 'TUB-16', lines: [1, 3], quantity: 6, text: 'TUB-16 aparece nas linhas 1 e 3: as quantidades foram somadas numa só linha (6).' }];
    const submit = jest.fn(async () => ({ ok: true, status: 200, data: { added: 1, problems: [], merged } }));
    render(<QuickOrder submit={submit} />);
    fireEvent.change(screen.getByRole('textbox', { name: /código quantidade/ }), { target: { value: 'TUB-16 4\n\nTUB-16 2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' })));
    expect(screen.getByTestId('quick-order-merged')).toHaveTextContent('TUB-16 aparece nas linhas 1 e 3');
    expect(screen.getByRole('textbox', { name: /código quantidade/ })).toHaveValue('');
  });
});

describe('cart provider and header badge (spec 4, 2.6)', () => {
  type Route = (url: string, init?: RequestInit) => { status: number; body?: unknown } | undefined;
  function mockFetch(route: Route) {
    const calls: { url: string; method: string; body?: string }[] = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      const answer = route(url, init) ?? { status: 404, body: { success: false, message: 'Não encontrado', error: { code: 'not_found', message: 'x' } } };
      return fakeResponse(answer.status, answer.body);
    }) as typeof fetch;
    return calls;
  }

  it('loads a guest cart from local storage and shows the number of lines (hidden while loading)', async () => {
    window.localStorage.setItem(CART_ID_KEY, 'guest-cart-id-000000000');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    global.fetch = jest.fn(async () => {
      await gate;
      return fakeResponse(200, { success: true, data: [line(), line({ id: 'l2' })] });
    }) as typeof fetch;
    render(
      <AuthProvider viewer={null}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    expect(screen.queryByTestId('cart-count')).toBeNull();
    await act(async () => release());
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Carrinho com 2 linhas' })).toBeInTheDocument();
  });

  it.each([404, 400])('forgets a gone guest cart (%i) and makes a new one', async (status) => {
    window.localStorage.setItem(CART_ID_KEY, 'old-guest-cart-0000000');
    const calls = mockFetch((url, init) => {
      if (url === '/api/cart' && init?.method === 'POST') return { status: 200, body: { success: true, data: { cart_id: 'new-guest-cart-0000000' } } };
      return { status, body: { success: false, message: 'x', error: { code: status === 404 ? 'not_found' : 'bad_request', message: 'x' } } };
    });
    render(
      <AuthProvider viewer={null}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    await waitFor(() => expect(window.localStorage.getItem(CART_ID_KEY)).toBe('new-guest-cart-0000000'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/cart/old-guest-cart-0000000/items', 'POST /api/cart']);
    expect(JSON.parse(calls[1]!.body!)).toEqual({ guestMode: true });
    expect(screen.queryByTestId('cart-count')).toBeNull();
  });

  it('merges the guest cart at login: "Carrinho Sincronizado", the local id cleared', async () => {
    window.localStorage.setItem(CART_ID_KEY, 'guest-cart-id-000000000');
    const calls = mockFetch((url, init) => {
      if (url === '/api/cart' && init?.method === 'POST') return { status: 200, body: { success: true, data: { cart_id: 'user-cart-id-0000000000', merged: true } } };
      if (url === '/api/cart/user-cart-id-0000000000/items') return { status: 200, body: { success: true, data: [line()] } };
      return undefined;
    });
    const viewer = toViewer({ id: 'u1', email: 'pro@demo.pt', userType: 'pro' }, 'viewer');
    render(
      <AuthProvider viewer={viewer}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('1');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ guestCartId: 'guest-cart-id-000000000' });
    expect(toast.success).toHaveBeenCalledWith('Carrinho Sincronizado', { description: 'Itens do seu carrinho de convidado foram adicionados.' });
    expect(window.localStorage.getItem(CART_ID_KEY)).toBeNull();
  });

  it('warns at login when the merge adjusted quantities to the pack rules, with the server’s message naming the lines', async () => {
    window.localStorage.setItem(CART_ID_KEY, 'guest-cart-id-000000000');
    const message = 'Itens do seu carrinho de convidado foram adicionados. Algumas quantidades foram ajustadas às regras de venda dos artigos: VG-0500 (Unidade): 9990 em vez de 10010.';
    mockFetch((url, init) => {
      if (url === '/api/cart' && init?.method === 'POST') {
        const adjusted = [{ model_code: 'VG-0500', items_per_package: 1, requested: 10_010, quantity_of_packages: 9_990 }];
        return { status: 200, body: { success: true, message, data: { cart_id: 'user-cart-id-0000000000', merged: true, adjusted } } };
      }
      if (url === '/api/cart/user-cart-id-0000000000/items') return { status: 200, body: { success: true, data: [line()] } };
      return undefined;
    });
    const viewer = toViewer({ id: 'u3', email: 'pro@demo.pt', userType: 'pro' }, 'viewer');
    render(
      <AuthProvider viewer={viewer}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('1');
    expect(toast.warning).toHaveBeenCalledWith('Carrinho Sincronizado com Ajustes', { description: message });
    expect(toast.success).not.toHaveBeenCalledWith('Carrinho Sincronizado', expect.anything());
    expect(window.localStorage.getItem(CART_ID_KEY)).toBeNull();
  });

  it('says "Erro no Carrinho" when the cart cannot be initialised', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: '', error: { code: 'internal_error', message: '' } } }));
    const viewer = toViewer({ id: 'u2', email: 'c@demo.pt' }, 'viewer');
    render(
      <AuthProvider viewer={viewer}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Erro no Carrinho', { description: 'Falha ao inicializar o carrinho.' }));
  });

  it('opens the dropdown with the lines; removing asks first', async () => {
    window.localStorage.setItem(CART_ID_KEY, 'guest-cart-id-000000000');
    let items = [line()];
    const calls = mockFetch((url, init) => {
      if (url.endsWith('/items') && (init?.method ?? 'GET') === 'GET') return { status: 200, body: { success: true, data: items } };
      if (url === '/api/cart/items/line-1' && init?.method === 'DELETE') {
        items = [];
        return { status: 200, body: { success: true, data: null } };
      }
      return undefined;
    });
    render(
      <AuthProvider viewer={null}>
        <CartProvider>
          <CartButton />
        </CartProvider>
      </AuthProvider>,
    );
    await screen.findByTestId('cart-count');
    fireEvent.click(screen.getByRole('button', { name: 'Carrinho com 1 linha' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Carrinho' });
    // The product's name, then what tells the model apart (issue 22 item 3).
    expect(within(dropdown).getByText('Tubo')).toBeInTheDocument();
    expect(within(dropdown).getByText('multicamada · 16x2 mm')).toBeInTheDocument();
    // Guests see no prices and no totals.
    expect(within(dropdown).queryByText(/€/)).toBeNull();
    expect(within(dropdown).getByText('Inicie sessão para ver preços e totais.')).toBeInTheDocument();
    fireEvent.click(within(dropdown).getByRole('button', { name: 'Remover TUB-16, multicamada, 16x2 mm — Tubo do carrinho' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const question = within(dropdown).getByRole('alertdialog', { name: 'Remover este artigo do carrinho?' });
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Remover' })));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/cart/items/line-1')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('cart-count')).toBeNull());
  });
});
