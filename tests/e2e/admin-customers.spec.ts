import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Customers at /admin (issue 23, item 8): a professional or private customer opening /admin gets
 * a page for customers (this area is for the shop's staff; links to their account), not the staff
 * console as "Leitor". The staff reader gets the console's dashboard with its figures.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

async function adminLogin(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a professional customer opening /admin gets the customers\' page and reaches their account from it', async ({ page }) => {
  await adminLogin(page, DEMO.pro);
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Área do pessoal da loja');
  await expect(page.getByTestId('customer-area-notice')).toContainText('Esta área é para o pessoal da loja');
  await expect(page.getByTestId('customer-area-notice')).toContainText('Canalizações Demo');
  // No console: no sidebar, no role, no figures, no sections.
  await expect(page.getByRole('navigation', { name: 'Gestão' })).toHaveCount(0);
  await expect(page.getByTestId('admin-user')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-figures')).toHaveCount(0);
  await expect(page.getByText('Leitor')).toHaveCount(0);
  await expect(page).toHaveTitle(/Área do pessoal da loja/);
  expect(await seriousViolations(page)).toEqual([]);

  // A staff screen: refused, and the way out is the customer's own account.
  const denied = await page.goto('/admin/products');
  expect(denied?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByTestId('access-denied')).toContainText('Esta área é para o pessoal da loja');
  await expect(page.getByTestId('access-denied').getByRole('link', { name: 'Painel de gestão' })).toHaveCount(0);

  await page.goto('/admin/dashboard');
  await page.getByRole('list', { name: 'A sua conta' }).getByRole('link', { name: /A minha conta/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('A minha conta');
});

test('a private customer gets the same page for customers at /admin/dashboard', async ({ page }) => {
  await adminLogin(page, DEMO.particular);
  await expect(page.getByTestId('customer-area-notice')).toContainText('Esta área é para o pessoal da loja');
  await expect(page.getByRole('navigation', { name: 'Gestão' })).toHaveCount(0);
  const links = page.getByRole('list', { name: 'A sua conta' }).getByRole('link');
  await expect(links.first()).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('list', { name: 'A sua conta' }).getByRole('link', { name: /As minhas encomendas/ })).toHaveAttribute('href', '/dashboard/orders');
});

test('the staff reader gets the console dashboard with its figures, read-only', async ({ page }) => {
  await adminLogin(page, DEMO.viewer);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel de gestão');
  await expect(page.getByTestId('admin-user')).toContainText('Leitor');
  const figures = page.getByTestId('dashboard-figures');
  await expect(figures.locator('[data-figure="without-image"]')).toContainText('Produtos sem imagem');
  await expect(figures.locator('[data-figure="orders-week"]')).toContainText('Encomendas nos últimos 7 dias');
  await expect(figures.locator('[data-figure="sales-week"]')).toContainText(/\d,\d{2}\s€/);
  await expect(figures.locator('[data-figure="campaigns-ending"]')).toBeVisible();
  // Figures of lists the reader may not open are not links.
  await expect(figures.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('customer-area-notice')).toHaveCount(0);
});
