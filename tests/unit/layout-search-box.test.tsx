import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from '@/components/layout/search-box';

// next-intl is ESM-only (Jest runs CommonJS here): a small stand-in reading the real messages.
jest.mock('next-intl', () => {
  const messages = jest.requireActual('../../messages/pt-PT.json') as Record<
    string,
    Record<string, string>
  >;
  const format = (template: string, values: Record<string, unknown> = {}) =>
    template
      .replace(/\{(\w+), plural, ((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, name: string, body: string) => {
        const n = Number(values[name]);
        const options = Object.fromEntries(
          [...body.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]),
        );
        return (
          options[`=${n}`] ??
          (n === 1 ? options.one : undefined) ??
          options.other ??
          ''
        ).replace(/#/g, String(n));
      })
      .replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ''));
  return {
    useTranslations: (ns: string) => (key: string, values?: Record<string, unknown>) =>
      format(messages[ns]?.[key] ?? key, values),
  };
});

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/',
}));

interface FakeResponse {
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}

const ROWS = [
  {
    id: 101,
    product_code: 'P100132',
    name: 'Esquentador estanque 11 L',
    seo_optimized_name: 'Esquentador Estanque 11 L Gás Natural',
    image_url: '/media/products/P100132.svg',
    available_sizes: ['11 L', '14 L'],
    brand: 'Vulcano',
    url: '/produtos/aqs-climatizacao-e-energias-renovaveis/esquentadores/P100132',
  },
  {
    id: 102,
    product_code: 'P100133',
    name: 'Esquentador ventilado 14 L',
    seo_optimized_name: null,
    image_url: 'https://cdn.example.pt/p.jpg',
    available_sizes: [],
    brand: null,
    url: '/produtos/aqs-climatizacao-e-energias-renovaveis/esquentadores/P100133',
  },
];

let fetchMock: jest.Mock<Promise<FakeResponse>, [string, RequestInit?]>;
const respond = (body: unknown, status = 200): Promise<FakeResponse> =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

beforeEach(() => {
  jest.useFakeTimers();
  mockPush.mockReset();
  fetchMock = jest.fn((_url: string, _init?: RequestInit) =>
    respond({ success: true, data: ROWS, pagination: { total: 2 } }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
});

const input = () => screen.getByRole('combobox', { name: 'Pesquisar produtos' });
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const wait = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

describe('SearchBox (spec 2.6, 4, 9)', () => {
  it('is a labelled combobox inside a search form', () => {
    render(<SearchBox />);
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveAttribute(
      'aria-controls',
      screen.getByRole('listbox', { hidden: true }).id,
    );
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toHaveAttribute('type', 'submit');
  });

  it('asks for suggestions only from 2 trimmed characters', async () => {
    render(<SearchBox />);
    type(' e ');
    await wait(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    type(' es');
    await wait(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products/search?q=es&limit=10&sort=relevance');
  });

  it('debounces 300 ms after the last keystroke', async () => {
    render(<SearchBox />);
    type('es');
    await wait(200);
    type('esq');
    await wait(200);
    type('esquentador');
    await wait(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/products/search?q=esquentador&limit=10&sort=relevance',
    );
  });

  it('shows the suggestions with 40 px WebP thumbnails, the SEO name and the sizes', async () => {
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    await wait(300);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(options[0]).toHaveTextContent('Esquentador Estanque 11 L Gás Natural');
    expect(options[0]).toHaveTextContent('11 L, 14 L');
    expect(options[1]).toHaveTextContent('Esquentador ventilado 14 L');
    const thumbs = screen.getByRole('listbox').querySelectorAll('img');
    expect(thumbs[0]).toHaveAttribute('src', '/media/products/P100132.webp?w=40&q=70');
    expect(thumbs[0]).toHaveAttribute('width', '40');
    expect(thumbs[1]).toHaveAttribute('src', 'https://cdn.example.pt/p.jpg');
  });

  it('Enter goes to the search page', async () => {
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(mockPush).toHaveBeenCalledWith('/produtos?search=esquentador');
  });

  it('the magnifier button submits too, and an empty box goes nowhere', () => {
    render(<SearchBox />);
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(mockPush).not.toHaveBeenCalled();
    type('torneira monocomando');
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(mockPush).toHaveBeenCalledWith('/produtos?search=torneira%20monocomando');
  });

  it('ArrowDown/ArrowUp + Enter opens the chosen product', async () => {
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    await wait(300);
    await screen.findAllByRole('option');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', second?.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(mockPush).toHaveBeenCalledWith(ROWS[0]?.url);
  });

  it('a click on a suggestion opens the product page', async () => {
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    await wait(300);
    const [, second] = await screen.findAllByRole('option');
    fireEvent.click(second!);
    expect(mockPush).toHaveBeenCalledWith(ROWS[1]?.url);
  });

  it('Escape clears the box and closes the suggestions', async () => {
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    await wait(300);
    await screen.findAllByRole('option');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input()).toHaveValue('');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('says «Sem resultados para «…»» when nothing matches', async () => {
    fetchMock.mockImplementation(() =>
      respond({ success: true, data: [], pagination: { total: 0 } }),
    );
    render(<SearchBox />);
    act(() => input().focus());
    type('xptoz');
    await wait(300);
    expect((await screen.findAllByText('Sem resultados para «xptoz»')).length).toBeGreaterThan(0);
  });

  it('shows a loading state while the request runs, and an error when it fails', async () => {
    let resolve: (r: FakeResponse) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<FakeResponse>((r) => (resolve = r)));
    render(<SearchBox />);
    act(() => input().focus());
    type('esquentador');
    await wait(300);
    expect(input()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('search-loading')).toBeInTheDocument();
    await act(async () => resolve({ ok: false, status: 500, json: () => Promise.resolve({}) }));
    expect(input()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByText(/Não foi possível obter sugestões/).length).toBeGreaterThan(0);
  });

  it('aborts a stale request when a newer one starts', async () => {
    fetchMock.mockImplementation(() => new Promise<FakeResponse>(() => {}));
    render(<SearchBox />);
    type('esq');
    await wait(300);
    type('esquentador');
    await wait(300);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(fetchMock.mock.calls[1]?.[1]?.signal?.aborted).toBe(false);
  });
});
