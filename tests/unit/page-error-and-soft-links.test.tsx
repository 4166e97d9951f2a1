import { fireEvent, render, screen } from '@testing-library/react';
import { PageError } from '@/components/errors/page-error';
import { SoftNavigation } from '@/components/layout/soft-navigation';
import { SoftLink } from '@/components/ui/soft-link';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/produtos',
  useRouter: () => ({
    push: mockPush,
    replace: jest.fn(),
    refresh: jest.fn(),
    prefetch: jest.fn(),
  }),
}));

describe('PageError (a page that failed)', () => {
  const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  afterEach(() => Object.defineProperty(Navigator.prototype, 'onLine', onLine));
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('says so in Portuguese, with a retry and the way home, and the reference of the server error', () => {
    render(<PageError error={Object.assign(new Error('boom'), { digest: 'abc123' })} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Não foi possível mostrar esta página',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tente novamente; se o problema continuar, volte à página inicial.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Página inicial' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Ref. abc123')).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });

  it('offline, says the page is not kept on this device; the admin area goes home to its dashboard', () => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    render(<PageError error={new Error('ChunkLoadError')} homeHref="/admin/dashboard" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sem ligação à internet: parte desta página não está guardada neste aparelho.',
    );
    expect(screen.getByRole('link', { name: 'Página inicial' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });
});

describe('SoftLink + SoftNavigation (product card links)', () => {
  beforeEach(() => mockPush.mockClear());

  function page() {
    render(
      <>
        <SoftNavigation />
        <SoftLink href="/produtos/banho/bases?brand=x#modelos">Base de duche</SoftLink>
        <SoftLink href="https://example.com/fora">Fora</SoftLink>
        <SoftLink href="/documentos/ficha.pdf" download>
          Ficha
        </SoftLink>
        <SoftLink href="/produtos/outra" target="_blank">
          Nova janela
        </SoftLink>
      </>,
    );
  }

  it('a plain click on an internal link navigates in the app (path, query and hash kept)', () => {
    page();
    const link = screen.getByRole('link', { name: 'Base de duche' });
    expect(link).toHaveAttribute('href', '/produtos/banho/bases?brand=x#modelos');
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(mockPush).toHaveBeenCalledWith('/produtos/banho/bases?brand=x#modelos');
  });

  it('new tabs, other sites, downloads and target=_blank are left to the browser', () => {
    page();
    fireEvent.click(screen.getByRole('link', { name: 'Base de duche' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Base de duche' }), { metaKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Base de duche' }), { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Fora' }));
    fireEvent.click(screen.getByRole('link', { name: 'Ficha' }));
    fireEvent.click(screen.getByRole('link', { name: 'Nova janela' }));
    expect(mockPush).not.toHaveBeenCalled();
  });
});
