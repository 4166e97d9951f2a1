import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, type DemoRole } from './support/accounts';

/**
 * Search tuning (issue 13, /admin/search): an editor finds a search without results in the log,
 * adds a synonym from it in the form, and the shop's search finds products by that word at once;
 * deleting the synonym takes it away again. A viewer is refused the screen. No serious axe
 * violation on the screen.
 */

// Letters only: synonym terms may not contain digits (sizes are searched apart), and a base-36
// timestamp often has some.
const WORD = `trambolho${Date.now().toString(36).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;

async function signIn(page: Page, who: DemoRole, origin: string) {
  const response = await page.request.post(`${origin}/api/auth/sign-in/email`, { data: DEMO[who], headers: { origin } });
  expect(response.status(), `login ${who}`).toBe(200);
}

async function shopNames(page: Page, q: string): Promise<string[]> {
  const response = await page.request.get(`/api/products/search?q=${encodeURIComponent(q)}&limit=10`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { name: string }[] };
  return body.data.map((p) => p.name);
}

test.describe.configure({ mode: 'serial' });

test('an editor adds a synonym from a logged search and the shop finds products by it', async ({ page, baseURL }) => {
  expect(await shopNames(page, WORD)).toEqual([]);
  // The shop's search page logs it too (written within a few seconds).
  await page.goto(`/produtos?search=${WORD}`);
  await signIn(page, 'editor', baseURL!);

  await expect(async () => {
    await page.goto('/admin/search');
    await expect(page.getByTestId('search-log')).toContainText(WORD, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByRole('link', { name: `Adicionar sinónimo para ${WORD}` }).click();
  const form = page.getByTestId('synonym-form');
  await expect(form.getByLabel('Termos pesquisados')).toHaveValue(WORD);
  // Validation in Portuguese before anything is sent.
  await form.getByRole('button', { name: 'Criar sinónimo' }).click();
  await expect(form.getByText('Indique pelo menos um termo que a pesquisa deve encontrar.')).toBeVisible();
  await form.getByLabel('Encontra também').fill('esquentador');
  await form.getByRole('button', { name: 'Criar sinónimo' }).click();
  await expect(page.getByTestId('synonym-list')).toContainText(`${WORD} → esquentador`);

  const found = await shopNames(page, WORD);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((name) => name.startsWith('Esquentador'))).toBe(true);

  await page.goto(`/admin/search?q=${WORD}`);
  const row = page.getByTestId('synonym-list').getByRole('row').filter({ hasText: WORD });
  await row.getByRole('button', { name: `Eliminar ${WORD}` }).click();
  await row.getByRole('button', { name: `Confirmar: eliminar ${WORD}` }).click();
  await expect(page.getByTestId('synonym-list')).toHaveCount(0);
  expect(await shopNames(page, WORD)).toEqual([]);
});

test('a viewer is refused /admin/search', async ({ page, baseURL }) => {
  await signIn(page, 'viewer', baseURL!);
  await page.goto('/admin/search');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
