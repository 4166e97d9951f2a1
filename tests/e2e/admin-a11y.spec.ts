import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 13: the admin screens (its own frame: sidebar, breadcrumbs, user block) have no serious
 * or critical axe violation, as the administrator sees them (every section open), and a viewer
 * sees only the dashboard in the sidebar and the 'Access Denied' screen elsewhere.
 */
const SCREENS = [
  '/admin/dashboard',
  '/admin/products',
  '/admin/products/new',
  '/admin/ficha-tecnica',
  '/admin/brands',
  '/admin/catalogue-management',
  '/admin/catalogue-management/change-logs',
  '/admin/catalogue-management/reprint-report',
  '/admin/supplier-catalogues',
  '/admin/supplier-catalogues/new',
  '/admin/google-category-classifier/unclassified',
  '/admin/google-category-classifier/rules',
  '/admin/search',
  '/admin/campaigns',
  '/admin/campaigns/new',
  '/admin/quotes',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function adminLogin(page: Page, who: 'admin' | 'viewer') {
  await page.goto('/admin/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO[who].email);
  await form.getByLabel('Password').fill(DEMO[who].password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('axe finds no serious or critical violation on the admin screens', async ({ page }) => {
  test.setTimeout(180_000);
  await adminLogin(page, 'admin');
  const problems: Record<string, string[]> = {};
  for (const path of SCREENS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const found = await seriousViolations(page);
    if (found.length) problems[path] = found;
  }
  expect(problems).toEqual({});
});

test('a viewer sees only the dashboard in the admin sidebar and Access Denied on the screens', async ({ page }) => {
  await adminLogin(page, 'viewer');
  const nav = page.getByRole('navigation', { name: 'Gestão' }).first();
  await expect(nav.getByRole('link')).toHaveText(['Painel']);
  for (const path of ['/admin/products', '/admin/campaigns/new', '/admin/catalogue-management/change-logs', '/admin/search']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId('access-denied')).toContainText('Access Denied');
  }
  expect(await seriousViolations(page)).toEqual([]);
});
