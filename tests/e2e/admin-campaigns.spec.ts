import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { toLisbonInput } from '../../lib/campaigns/dates';
import { DEMO } from './support/accounts';

/**
 * Issue 13, campaigns: an editor signs in at /admin/login, creates a featured campaign starting
 * now with a linked product (found with the picker), and it is on the home carousel and on
 * /campanhas at once (the cached pages were refreshed by the save); a featured campaign starting
 * tomorrow is on neither.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const current = `Campanha E2E agora ${stamp}`;
const future = `Campanha E2E amanhã ${stamp}`;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function editorLogin(page: Page) {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.editor.email);
  await form.getByLabel('Password').fill(DEMO.editor.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function createCampaign(page: Page, title: string, startsAt: Date, productCode: string) {
  await page.goto('/admin/campaigns/new');
  await hydrated(page);
  const form = page.getByTestId('campaign-form');
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Categoria').fill('Aquecimento');
  await form.getByLabel('Descrição').fill('Campanha criada pelo teste de ponta a ponta.');
  await form.getByLabel('Início').fill(toLisbonInput(startsAt));
  await form.getByLabel('Fim').fill(toLisbonInput(new Date(startsAt.getTime() + 7 * 24 * 3600_000)));
  await form.getByLabel('Em destaque no carrossel da página inicial').check();
  await form.getByTestId('product-picker-search').fill(productCode);
  const add = form.getByTestId('product-picker-results').getByRole('button', { name: new RegExp(`^Adicionar ${productCode}`) });
  await add.first().click();
  await expect(form.getByTestId('product-picker-linked')).toContainText(productCode);
  await form.getByTestId('campaign-save').click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/edit\/\d+/);
  await expect(page.getByTestId('campaign-form-saved')).toHaveText('Campanha criada.');
}

test('an editor creates a featured campaign starting now: it is on the home carousel and /campanhas; one starting tomorrow is not', async ({ page }) => {
  // The home page and /campanhas are cached before the campaigns exist.
  await page.goto('/');
  await page.goto('/campanhas');

  const search = await (await page.request.get('/api/products/search?q=torneira&limit=1')).json();
  const productCode = (search.data as { product_code: string }[])[0]!.product_code;

  await editorLogin(page);
  await createCampaign(page, current, new Date(Date.now() - 60_000), productCode);
  await expect(page.getByTestId('product-picker-linked')).toContainText(productCode);
  await createCampaign(page, future, new Date(Date.now() + 24 * 3600_000), productCode);

  await page.goto('/admin/campaigns?estado=scheduled');
  await expect(page.getByTestId('campaign-table')).toContainText(future);
  await expect(page.getByTestId('campaign-table')).not.toContainText(current);

  await page.goto('/');
  const carousel = page.locator('[aria-roledescription="carrossel"]');
  await expect(carousel.first()).toContainText(current);
  await expect(carousel.first()).not.toContainText(future);

  await page.goto('/campanhas');
  const list = page.getByTestId('campaign-list');
  await expect(list).toContainText(current);
  await expect(list).not.toContainText(future);

  // The campaign page lists the linked product.
  await list.getByRole('link', { name: new RegExp(current) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: current })).toBeVisible();
  await expect(page.getByText('Produtos em campanha (1)')).toBeVisible();
});

test('the campaign and brand screens pass axe; an editor saves a brand\'s official site', async ({ page }) => {
  await editorLogin(page);
  for (const path of ['/admin/campaigns', '/admin/campaigns/new', '/admin/brands', '/admin/brands/new']) {
    await page.goto(path);
    await hydrated(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto('/admin/campaigns');
  await page.getByTestId('campaign-table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/edit\/\d+$/);
  await hydrated(page);
  await expect(page.getByTestId('audit-history')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/brands?q=a');
  await page.getByTestId('brand-table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/brands\/edit\/\d+$/);
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
  const form = page.getByTestId('brand-form');
  await form.getByLabel('Site oficial').fill('nao-e-um-site');
  await form.getByTestId('brand-save').click();
  await expect(form.getByText('Indique um endereço completo, começado por http:// ou https://.')).toBeVisible();
  await form.getByLabel('Site oficial').fill(`https://www.marca-${stamp}.example.pt`);
  await form.getByTestId('brand-save').click();
  await expect(page.getByRole('status').filter({ hasText: 'Marca gravada.' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('audit-history')).toContainText(`https://www.marca-${stamp}.example.pt`);
});

test('a save over a newer version shows the differences; keeping one\'s changes saves on top', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
  const first = await context.newPage();
  await editorLogin(first);
  await first.goto('/admin/campaigns?q=' + encodeURIComponent(current));
  await first.getByTestId('campaign-table').getByRole('link', { name: current }).click();
  await expect(first).toHaveURL(/\/admin\/campaigns\/edit\/\d+$/);
  const second = await context.newPage();
  await second.goto(first.url());
  await hydrated(first);
  await hydrated(second);

  await first.getByTestId('campaign-form').getByLabel('Categoria').fill('Climatização');
  await first.getByTestId('campaign-save').click();
  await expect(first.getByTestId('campaign-form-saved')).toHaveText('Alterações gravadas.');

  const form = second.getByTestId('campaign-form');
  await form.getByLabel('Descrição').fill('Outra descrição, escrita ao mesmo tempo.');
  await second.getByTestId('campaign-save').click();
  const notice = second.getByTestId('stale-notice');
  await expect(notice).toContainText('Este registo foi alterado por outra pessoa');
  await expect(notice).toContainText('Categoria');
  await expect(notice).toContainText('Climatização');
  await notice.getByRole('button', { name: 'Manter as minhas alterações e gravar de novo' }).click();
  await second.getByTestId('campaign-save').click();
  await expect(second.getByTestId('campaign-form-saved')).toHaveText('Alterações gravadas.');
  await second.reload();
  await expect(second.getByTestId('audit-history')).toContainText('Outra descrição, escrita ao mesmo tempo.');
  await context.close();
});

test('a viewer is refused the campaign and brand screens (Access Denied)', async ({ page }) => {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.viewer.email);
  await form.getByLabel('Password').fill(DEMO.viewer.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  for (const path of ['/admin/campaigns', '/admin/campaigns/new', '/admin/campaigns/edit/1', '/admin/brands', '/admin/brands/new', '/admin/brands/edit/1']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
  const write = await page.request.post('/api/campaigns', { data: { title: 'Leitor' }, headers: { origin: page.url().replace(/\/admin.*$/, '') } });
  expect(write.status()).toBe(403);
});
