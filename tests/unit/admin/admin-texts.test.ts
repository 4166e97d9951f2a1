/** @jest-environment node */
import { serverText } from '@/server/i18n';

jest.mock('server-only', () => ({}));

/** Staff texts with counts (issue 23): "1 preços" read wrong; one and many each get their own words. */
describe('counted staff texts', () => {
  it('says one price, one new model, one text in the import preview', () => {
    expect(serverText('Admin.Catalogue.changeLines', { price: 1, new: 1, text: 1 })).toBe('Registo de alterações: 1 preço, 1 novo, 1 texto.');
    expect(serverText('Admin.Catalogue.changeLines', { price: 12, new: 0, text: 2 })).toBe('Registo de alterações: 12 preços, 0 novos, 2 textos.');
  });

  it('says one late order', () => {
    expect(serverText('Admin.Orders.overdueCount', { count: 1 })).toBe('1 encomenda atrasada');
    expect(serverText('Admin.Orders.overdueCount', { count: 3 })).toBe('3 encomendas atrasadas');
  });
});
