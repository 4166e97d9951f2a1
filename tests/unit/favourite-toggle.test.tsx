import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthProvider } from '@/components/auth/auth-provider';
import { LoginDialog } from '@/components/auth/login-dialog';
import { FavouriteToggle } from '@/components/favourites/favourite-toggle';
import { FavouritesProvider } from '@/components/favourites/favourites-store';
import { ComingSoonProvider } from '@/components/layout/coming-soon-dialog';
import { toast } from '@/components/ui/toast';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { ALL_FLAGS_ON, FEATURE_FLAGS, type FeatureFlags } from '@/lib/flags';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/produtos',
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: mockRefresh, prefetch: jest.fn() }),
}));

// The login dialog's forms call server actions; here they only need to exist.
jest.mock('@/server/auth/actions', () => ({
  signInAction: jest.fn(),
  signUpAction: jest.fn(),
  signOutAction: jest.fn(),
  verifyTotpAction: jest.fn(),
  verifyBackupCodeAction: jest.fn(),
  resendConfirmationAction: jest.fn(),
}));

jest.mock('@/components/ui/toast', () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn() } }));

const OFF = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;

const customer: Viewer = toViewer({ id: 'u-ana', email: 'ana@example.pt', fullName: 'Ana Silva', userType: 'particular' }, 'viewer');
const admin: Viewer = toViewer({ id: 'u-admin', email: 'admin@example.pt', fullName: 'Admin', isAdmin: true }, 'admin');

/** The shop layout's providers around some hearts. */
function renderPage(viewer: Viewer | null, flags: FeatureFlags, hearts: React.ReactNode) {
  return render(
    <AuthProvider viewer={viewer}>
      <ComingSoonProvider>
        <FavouritesProvider flags={flags}>{hearts}</FavouritesProvider>
        <LoginDialog />
      </ComingSoonProvider>
    </AuthProvider>,
  );
}

interface Call {
  url: string;
  method: string;
  body?: unknown;
}

let calls: Call[];
let serverCodes: string[];

function json(status: number, body: unknown): Response {
  return { ok: status < 400, status, json: async () => body } as Response;
}

beforeEach(() => {
  calls = [];
  serverCodes = ['P1'];
  mockRefresh.mockReset();
  (toast.error as jest.Mock).mockReset();
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return json(200, { success: true, data: { product_codes: serverCodes } });
    return json(method === 'POST' ? 201 : 200, { success: true, data: {} });
  }) as typeof fetch;
});

const heart = (code: string) => screen.getAllByTestId('favourite-toggle').find((b) => b.getAttribute('data-product-code') === code)!;

describe('FavouriteToggle (issue 10; spec 2.6, 4 guarded actions)', () => {
  it('a guest gets an empty heart and, on click, the login dialog on the login tab; nothing is fetched', async () => {
    renderPage(null, ALL_FLAGS_ON, <FavouriteToggle productCode="P1" />);
    const button = screen.getByRole('button', { name: 'Adicionar aos favoritos' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' });
    expect(within(dialog).getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    expect(calls).toEqual([]);
  });

  it('a guest on the production host (registration and favourites off) gets the coming-soon dialog', async () => {
    renderPage(null, OFF, <FavouriteToggle productCode="P1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aos favoritos' }));
    expect(await screen.findByRole('dialog', { name: 'Registo e Área Privada disponíveis muito em breve' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a signed-in customer where favourites are off gets the coming-soon dialog, and nothing is fetched', async () => {
    renderPage(customer, { ...ALL_FLAGS_ON, ENABLE_FAVORITES: false }, <FavouriteToggle productCode="P1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aos favoritos' }));
    expect(await screen.findByRole('dialog', { name: 'Registo e Área Privada disponíveis muito em breve' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a signed-in customer: one GET for every heart of the page, then toggles with aria-pressed', async () => {
    renderPage(
      customer,
      ALL_FLAGS_ON,
      <>
        <FavouriteToggle productCode="P1" />
        <FavouriteToggle productCode="P2" />
        <FavouriteToggle productCode="P3" variant="labelled" />
      </>,
    );
    await waitFor(() => expect(heart('P1')).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toEqual([{ url: '/api/favourites', method: 'GET' }]);
    expect(heart('P1')).toHaveAccessibleName('Remover dos favoritos');
    expect(heart('P2')).toHaveAttribute('aria-pressed', 'false');
    expect(heart('P2')).toHaveAccessibleName('Adicionar aos favoritos');
    expect(heart('P3')).toHaveTextContent('Adicionar aos favoritos');

    await act(async () => fireEvent.click(heart('P2')));
    expect(heart('P2')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('P2')).toHaveAccessibleName('Remover dos favoritos');
    expect(calls[1]).toEqual({ url: '/api/favourites', method: 'POST', body: { product_code: 'P2' } });

    await act(async () => fireEvent.click(heart('P1')));
    expect(heart('P1')).toHaveAttribute('aria-pressed', 'false');
    expect(calls[2]).toEqual({ url: '/api/favourites/P1', method: 'DELETE', body: undefined });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('is optimistic, and goes back with a toast when the call fails', async () => {
    renderPage(customer, ALL_FLAGS_ON, <FavouriteToggle productCode="P2" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The POST fails, once the optimistic state has been seen.
    (global.fetch as jest.Mock).mockImplementationOnce(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      await held;
      return json(500, { success: false });
    });
    fireEvent.click(heart('P2'));
    await waitFor(() => expect(heart('P2')).toHaveAttribute('aria-pressed', 'true'));
    expect(heart('P2')).toHaveAttribute('aria-busy', 'true');
    // A second click while the call is under way changes nothing.
    fireEvent.click(heart('P2'));
    await act(async () => release());
    await waitFor(() => expect(heart('P2')).toHaveAttribute('aria-pressed', 'false'));
    expect(heart('P2')).not.toHaveAttribute('aria-busy');
    expect(toast.error).toHaveBeenCalledWith('Não foi possível adicionar aos favoritos. Por favor, tente novamente.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('on the favourites page: shows the server-known state before the list loads and refreshes the page after a removal', async () => {
    serverCodes = ['P9'];
    renderPage(customer, ALL_FLAGS_ON, <FavouriteToggle productCode="P9" variant="labelled" favourite refreshOnRemove />);
    expect(heart('P9')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('P9')).toHaveTextContent('Remover dos favoritos');
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => fireEvent.click(heart('P9')));
    expect(heart('P9')).toHaveAttribute('aria-pressed', 'false');
    expect(calls[1]).toMatchObject({ url: '/api/favourites/P9', method: 'DELETE' });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
  });

  it('administrators pass the flags', async () => {
    renderPage(admin, OFF, <FavouriteToggle productCode="P1" />);
    await waitFor(() => expect(heart('P1')).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toEqual([{ url: '/api/favourites', method: 'GET' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
