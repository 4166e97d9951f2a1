import { render, screen } from '@testing-library/react';
import { AccountNav } from '@/components/account/account-nav';

jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
let pathname = '/dashboard/orders/12';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

describe('account navigation', () => {
  it('links the summary, orders, addresses, favourites, quotes, job lists, price list, profile and settings; an order page keeps Encomendas current', () => {
    render(<AccountNav />);
    const nav = screen.getByRole('navigation', { name: 'A minha conta' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Resumo', '/dashboard'],
      ['Encomendas', '/dashboard/orders'],
      ['Moradas', '/dashboard/addresses'],
      ['Favoritos', '/dashboard/favorites'],
      ['Orçamentos', '/dashboard/quotes'],
      ['Obras', '/dashboard/obras'],
      ['Tabela de preços', '/dashboard/tabela-de-precos'],
      ['Perfil', '/dashboard/profile'],
      ['Definições', '/dashboard/settings'],
    ]);
    expect(screen.getByRole('link', { name: 'Encomendas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Resumo' })).not.toHaveAttribute('aria-current');
  });

  it('marks Moradas on the addresses page', () => {
    pathname = '/dashboard/addresses';
    render(<AccountNav />);
    expect(screen.getByRole('link', { name: 'Moradas' })).toHaveAttribute('aria-current', 'page');
  });
});
