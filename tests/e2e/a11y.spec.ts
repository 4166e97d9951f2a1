import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/produtos/salas-de-banho/louca-sanitaria' },
  { name: 'search', path: '/produtos?search=torneira' },
];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const { name, path } of PAGES) {
  test(`axe finds no serious or critical violation on the ${name} page`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious or critical violation on a product page', async ({ page }) => {
  await page.goto('/produtos/salas-de-banho/louca-sanitaria');
  await page.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A client navigation streams the new page's metadata after its body: axe the finished page.
  await expect(page).toHaveTitle(/\S/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the login page, the sign-up tab and the account settings', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Abc');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Entrar' }).click();
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill('editor@demo.casadasaguas.pt');
  await form.getByLabel('Password').fill('Demo-Editor-1967!');
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Alterar password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
