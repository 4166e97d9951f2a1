import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthProvider } from '@/components/auth/auth-provider';
import { LoginDialog } from '@/components/auth/login-dialog';
import { ComingSoonProvider as BareComingSoonProvider } from '@/components/layout/coming-soon-dialog';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { CategoriesMenu } from '@/components/layout/categories-menu';
import { FavoritesButton } from '@/components/layout/favorites-button';
import { MainNav } from '@/components/layout/main-nav';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { UserBlock } from '@/components/layout/user-block';
import { ALL_FLAGS_ON, type FeatureFlags } from '@/lib/flags';
import type { NavigationChapter } from '@/lib/catalogue/types';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

let mockPathname = '/';
let mockSearch = '';
const mockReplace = jest.fn();
const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useSearchParams: () => new URLSearchParams(mockSearch),
  useRouter: () => ({ push: mockPush, replace: mockReplace, prefetch: jest.fn() }),
}));

// Server actions run on the server; here the header only needs them to exist.
jest.mock('@/server/auth/actions', () => ({
  signInAction: jest.fn(),
  signUpAction: jest.fn(),
  signOutAction: jest.fn(async () => ({ ok: true, data: { ok: true } })),
  verifyTotpAction: jest.fn(),
  verifyBackupCodeAction: jest.fn(),
  resendConfirmationAction: jest.fn(),
}));

/** The shop layout's providers: the session of the page (none by default) and the dialogs. */
let mockViewer: Viewer | null = null;
function ComingSoonProvider({ children }: { children: React.ReactNode }) {
  return (
    <AuthProvider viewer={mockViewer}>
      <BareComingSoonProvider>
        {children}
        <LoginDialog />
      </BareComingSoonProvider>
    </AuthProvider>
  );
}

jest.mock('@/components/newsletter/newsletter-dialog', () => ({
  NewsletterDialogTrigger: ({ className }: { className?: string }) => (
    <button type="button" className={className}>
      Newsletter
    </button>
  ),
}));

const OFF: FeatureFlags = {
  ENABLE_USER_REGISTRATION: false,
  ENABLE_DASHBOARD: false,
  ENABLE_CHECKOUT: false,
  ENABLE_FAVORITES: false,
  ENABLE_USER_PROFILES: false,
};

let desktop = true;
beforeAll(() => {
  // jsdom has no PointerEvent: a MouseEvent that carries pointerType is enough here.
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventShim extends MouseEvent {
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.defineProperty(window, 'PointerEvent', { configurable: true, value: PointerEventShim });
  }
  // Radix positions menus with ResizeObserver, which jsdom lacks.
  if (typeof window.ResizeObserver === 'undefined') {
    class ResizeObserverShim {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverShim });
  }
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('min-width: 768px') ? desktop : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
});

beforeEach(() => {
  mockViewer = null;
  mockPathname = '/';
  mockSearch = '';
  mockReplace.mockReset();
  mockPush.mockReset();
  desktop = true;
});

const dialogTitle = 'Registo e Área Privada disponíveis muito em breve';

describe('MainNav (spec 2.6)', () => {
  afterEach(() => jest.useRealTimers());

  it('marks the exact single link and the dropdown parent by prefix', () => {
    mockPathname = '/produtos-por-marca';
    render(<MainNav />);
    expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marcas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Produtos' })).toHaveAttribute('data-active', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Produtos' }));
    expect(screen.getByRole('link', { name: 'Produtos por Família' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('link', { name: 'Produtos por Marca' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'PRO' })).toHaveAttribute('href', '/pro');
    expect(screen.getByRole('button', { name: 'Newsletter' })).toBeInTheDocument();
  });

  it('a family page keeps Produtos active but no single link', () => {
    mockPathname = '/produtos/salas-de-banho';
    render(<MainNav />);
    expect(screen.getByRole('button', { name: 'Produtos' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('button', { name: 'Catálogos' })).toHaveAttribute(
      'data-active',
      'false',
    );
    expect(screen.getByRole('link', { name: 'Marcas' })).not.toHaveAttribute('aria-current');
  });

  it('opens on hover after 200 ms and closes 150 ms after the pointer left', async () => {
    jest.useFakeTimers();
    render(<MainNav />);
    const trigger = screen.getByRole('button', { name: 'Catálogos' });
    const item = trigger.closest('li')!;
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    await act(async () => jest.advanceTimersByTime(199));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await act(async () => jest.advanceTimersByTime(1));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Catálogos' })).toHaveAttribute('href', '/catalogos');
    expect(screen.getByRole('link', { name: 'Catálogos de Fábrica' })).toHaveAttribute(
      'href',
      '/catalogos-fabrica',
    );
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    await act(async () => jest.advanceTimersByTime(149));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await act(async () => jest.advanceTimersByTime(1));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Catálogos de Fábrica' })).not.toBeInTheDocument();
  });

  it('opens with ArrowDown into the first link and closes with Escape back on the trigger', () => {
    render(<MainNav />);
    const trigger = screen.getByRole('button', { name: 'Produtos' });
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const first = screen.getByRole('link', { name: 'Produtos por Família' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: 'Produtos por Marca' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    fireEvent.click(trigger); // Enter/Space on a button
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', expect.stringContaining('panel'));
  });
});

describe('user block, favourites and the coming-soon dialog (spec 2.6, 4, 6)', () => {
  it('a guest sees Área Privada (a link to /login) that opens the login dialog, as favourites do', () => {
    render(
      <ComingSoonProvider>
        <UserBlock flags={ALL_FLAGS_ON} />
        <FavoritesButton flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    const privateArea = screen.getByRole('link', { name: 'Área Privada' });
    expect(privateArea).toHaveAttribute('href', '/login');
    fireEvent.click(privateArea);
    const dialog = screen.getByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' });
    expect(within(dialog).getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Criar Conta' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Esqueceu-se da password?' })).toHaveAttribute('href', '/forgot-password');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Favoritos' }));
    expect(screen.getByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' })).toBeInTheDocument();
  });

  it('a signed-in user gets the badge and the menu instead', () => {
    mockViewer = toViewer({ id: 'u1', email: 'ana@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' }, 'viewer');
    render(
      <ComingSoonProvider>
        <UserBlock flags={ALL_FLAGS_ON} />
        <FavoritesButton flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    expect(screen.queryByText('Área Privada')).not.toBeInTheDocument();
    expect(screen.getByTestId('role-badge')).toHaveTextContent('CLIENTE');
    expect(screen.getByRole('button', { name: /^Menu de Ana Silva/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Favoritos' })).toHaveAttribute('href', '/dashboard/favorites');
  });

  it('the user menu loads on first open: Enter opens it on its first entry, Escape gives focus back', async () => {
    mockViewer = toViewer({ id: 'u1', email: 'ana@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' }, 'viewer');
    render(
      <ComingSoonProvider>
        <UserBlock flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    const trigger = screen.getByRole('button', { name: /^Menu de Ana Silva/ });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ana@example.pt')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['A minha conta', 'Favoritos', 'Encomendas', 'Definições', 'Sair']);
    await waitFor(() => expect(items[0]).toHaveFocus());
    // Radix's own trigger has taken the button's place, with the same name and look.
    const radixTrigger = screen.getByRole('button', { name: /^Menu de Ana Silva/ });
    expect(radixTrigger).toHaveAttribute('aria-expanded', 'true');
    expect(radixTrigger).toHaveAttribute('aria-controls', menu.id);
    expect(radixTrigger.className).toBe(trigger.className);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(radixTrigger).toHaveFocus());
  });

  it('on admin paths the button reads Entrar and goes to /admin/login, whatever the flags', () => {
    mockPathname = '/admin/campaigns';
    render(
      <ComingSoonProvider>
        <UserBlock flags={OFF} />
      </ComingSoonProvider>,
    );
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/admin/login');
    expect(screen.queryByText('Área Privada')).not.toBeInTheDocument();
  });

  it('opens the coming-soon dialog from Área Privada and favourites when the features are off', async () => {
    render(
      <ComingSoonProvider>
        <UserBlock flags={OFF} />
        <FavoritesButton flags={{ ...ALL_FLAGS_ON, ENABLE_FAVORITES: false }} />
      </ComingSoonProvider>,
    );
    expect(screen.queryByRole('link', { name: 'Área Privada' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Área Privada' }));
    const dialog = await screen.findByRole('dialog', { name: dialogTitle });
    expect(dialog).toHaveTextContent('Navegar por todos os nossos produtos');
    expect(dialog).toHaveTextContent('Adicionar artigos ao carrinho');
    expect(dialog).toHaveTextContent('Pedir orçamentos através do formulário de contacto');
    expect(within(dialog).getByRole('link', { name: 'Entre em Contacto' })).toHaveAttribute(
      'href',
      '/contacto',
    );
    expect(within(dialog).getByRole('link', { name: 'Continuar a Navegar' })).toHaveAttribute(
      'href',
      '/produtos',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the control that opened it.
    const favourites = screen.getByRole('button', { name: 'Favoritos' });
    act(() => favourites.focus());
    fireEvent.click(favourites);
    const again = screen.getByRole('dialog', { name: dialogTitle });
    await waitFor(() => expect(again).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(favourites).toHaveFocus());
  });

  it('opens the dialog for ?coming-soon=1 and removes the parameter', async () => {
    mockPathname = '/produtos';
    mockSearch = 'coming-soon=1&brand=3';
    render(
      <ComingSoonProvider>
        <p>página</p>
      </ComingSoonProvider>,
    );
    expect(await screen.findByRole('dialog', { name: dialogTitle })).toBeInTheDocument();
    expect(mockReplace).toHaveBeenCalledWith('/produtos?brand=3', { scroll: false });
  });

  it('a path change closes the dialog', async () => {
    const view = render(
      <ComingSoonProvider>
        <UserBlock flags={OFF} />
      </ComingSoonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Área Privada' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    mockPathname = '/contacto';
    view.rerender(
      <ComingSoonProvider>
        <UserBlock flags={OFF} />
      </ComingSoonProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

const CHAPTERS: NavigationChapter[] = [
  {
    code: 10,
    title: 'Salas de Banho',
    slug: 'salas-de-banho',
    familyCount: 2,
    families: [
      {
        code: '10-010',
        title: 'Louça Sanitária',
        slug: 'louca-sanitaria',
        imageUrl: '/media/families/10-010.webp?w=64&q=70',
      },
      {
        code: '10-020',
        title: 'Torneiras de Lavatório',
        slug: 'torneiras-de-lavatorio',
        imageUrl: '/media/families/10-020.webp?w=64&q=70',
      },
    ],
  },
  {
    code: 30,
    title: 'Cozinha e Lavandaria',
    slug: 'cozinha-e-lavandaria',
    familyCount: 1,
    families: [
      {
        code: '30-010',
        title: 'Lava-Louças',
        slug: 'lava-loucas',
        imageUrl: '/media/families/30-010.webp?w=64&q=70',
      },
    ],
  },
];

/** GET /api/navigation as the server answers it (the envelope of spec 7). */
const navigationOk = { status: 200, body: { success: true, data: { chapters: CHAPTERS } } };
const navigationFailed = {
  status: 500,
  body: { success: false, message: 'Erro interno.', error: { code: 'internal_error', message: 'Erro interno.' } },
};
let navigationDown = false;
let fetchCalls: string[] = [];

describe('CategoriesMenu (spec 2.6 mega-menu)', () => {
  beforeEach(() => {
    fetchCalls = [];
    navigationDown = false;
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      fetchCalls.push(String(url));
      const answer = navigationDown ? navigationFailed : navigationOk;
      return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as Response;
    }) as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  // First in this block: the menu keeps the chapters once they arrived, for the whole page.
  it('asks for the chapters only when the menu is wanted, and offers a retry when that fails', async () => {
    render(<CategoriesMenu />);
    const trigger = screen.getByRole('button', { name: 'Abrir o menu de categorias' });
    expect(fetchCalls).toEqual([]);
    navigationDown = true;
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect(fetchCalls).toEqual(['/api/navigation']);
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Categorias' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível carregar as categorias.');
    navigationDown = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(dialog).findByRole('button', { name: /Cozinha e Lavandaria/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(new Set(fetchCalls)).toEqual(new Set(['/api/navigation']));
  });

  it('on desktop shows the families of a hovered chapter as image cards', async () => {
    jest.useFakeTimers();
    render(<CategoriesMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir o menu de categorias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categorias' });
    expect(
      within(dialog).getByRole('heading', { name: 'Selecione uma família' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Louça Sanitária' })).toHaveAttribute(
      'href',
      '/produtos/salas-de-banho/louca-sanitaria',
    );

    const kitchen = within(dialog).getByRole('button', { name: /Cozinha e Lavandaria/ });
    fireEvent.pointerEnter(kitchen, { pointerType: 'mouse' });
    await act(async () => jest.advanceTimersByTime(100));
    expect(kitchen).toHaveAttribute('aria-expanded', 'true');
    const card = within(dialog).getByRole('link', { name: 'Lava-Louças' });
    expect(card).toHaveAttribute('href', '/produtos/cozinha-e-lavandaria/lava-loucas');
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/families/30-010.webp?w=64&q=70');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '64');
    expect(
      within(dialog).getByRole('link', { name: /Ver todos os produtos em Cozinha e Lavandaria/ }),
    ).toHaveAttribute('href', '/produtos/cozinha-e-lavandaria?view=all');
  });

  it('a click selects a chapter too', async () => {
    render(<CategoriesMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir o menu de categorias' }));
    fireEvent.click(await screen.findByRole('button', { name: /Cozinha e Lavandaria/ }));
    expect(screen.getByRole('link', { name: 'Lava-Louças' })).toBeInTheDocument();
  });

  it('on mobile a chapter is a link to its page', async () => {
    desktop = false;
    render(<CategoriesMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir o menu de categorias' }));
    expect(await screen.findByRole('link', { name: /Cozinha e Lavandaria/ })).toHaveAttribute(
      'href',
      '/produtos/cozinha-e-lavandaria',
    );
    expect(
      screen.queryByRole('heading', { name: 'Selecione uma família' }),
    ).not.toBeInTheDocument();
  });

  it('loads the panel on first open; focus moves into it and back to the button on Escape', async () => {
    render(<CategoriesMenu />);
    const trigger = screen.getByRole('button', { name: 'Abrir o menu de categorias' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => trigger.focus());
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Categorias' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on Escape and on a path change', async () => {
    const view = render(<CategoriesMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir o menu de categorias' }));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir o menu de categorias' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    mockPathname = '/produtos/salas-de-banho';
    view.rerender(<CategoriesMenu />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('MobileMenu (spec 2.6)', () => {
  it('holds search, the user block, account links, Navegar and the login button', async () => {
    desktop = false;
    render(
      <ComingSoonProvider>
        <MobileMenu flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('combobox', { name: 'Pesquisar produtos' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Área Privada' })).toHaveAttribute(
      'href',
      '/login',
    );
    // A guest's account entries prompt the login dialog (spec 6, visibility).
    for (const name of ['A minha conta', 'Encomendas', 'Favoritos']) {
      expect(within(menu).getByRole('button', { name })).toHaveAttribute('aria-haspopup', 'dialog');
    }
    expect(within(menu).getByRole('link', { name: 'Carrinho' })).toHaveAttribute('href', '/cart');
    const navigate = within(menu).getByRole('navigation', { name: 'Navegar' });
    expect(
      within(navigate)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/produtos',
      '/produtos-por-marca',
      '/catalogos',
      '/catalogos-fabrica',
      '/campanhas',
      '/sobre',
      '/contacto',
      '/pro',
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: 'Iniciar sessão' }));
    expect(await screen.findByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' })).toBeInTheDocument();
  });

  it('loads its panel on first open; the panel takes focus and Escape gives it back to the button', async () => {
    desktop = false;
    render(
      <ComingSoonProvider>
        <MobileMenu flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Abrir menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    act(() => trigger.focus());
    fireEvent.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    // The panel itself, not the search field: no on-screen keyboard popping up.
    await waitFor(() => expect(menu).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('shows a signed-in user with badge, account links and Sair', async () => {
    desktop = false;
    mockViewer = toViewer({ id: 'u2', email: 'pro@example.pt', fullName: 'Rui Pro', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Canalizações Rui' }, 'viewer');
    render(
      <ComingSoonProvider>
        <MobileMenu flags={ALL_FLAGS_ON} />
      </ComingSoonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByTestId('mobile-user')).toHaveTextContent('Rui Pro');
    expect(within(menu).getByTestId('role-badge')).toHaveTextContent('CANALIZAÇÕES RUI');
    expect(within(menu).getByRole('link', { name: 'A minha conta' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('link', { name: 'Encomendas' })).toHaveAttribute('href', '/dashboard/orders');
    expect(within(menu).getByRole('link', { name: 'Favoritos' })).toHaveAttribute('href', '/dashboard/favorites');
    expect(within(menu).getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Iniciar sessão' })).not.toBeInTheDocument();
  });

  it('sends switched-off features to the coming-soon dialog, the cart stays a link', async () => {
    render(
      <ComingSoonProvider>
        <MobileMenu flags={OFF} />
      </ComingSoonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Carrinho' })).toHaveAttribute('href', '/cart');
    fireEvent.click(within(menu).getByRole('button', { name: 'A minha conta' }));
    expect(await screen.findByRole('dialog', { name: dialogTitle })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
