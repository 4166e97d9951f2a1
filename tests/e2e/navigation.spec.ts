import { expect, test, type Page } from '@playwright/test';

/**
 * The shared page frame (spec 2.2, 2.6, 9): main navigation, mega-menu of chapters, mobile menu,
 * search suggestions and the redirects. Runs against `next start` with the demo catalogue.
 */

/** Interactions need the client leaves hydrated: retry until they react. */
async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function openCategories(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Categorias' });
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: 'Abrir o menu de categorias' }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

function location(response: { headers(): Record<string, string> }, base: string): string {
  const url = new URL(response.headers()['location'] ?? '', base);
  return url.pathname + url.search;
}

test.describe('main navigation (desktop)', () => {
  test('the Produtos dropdown opens on hover and lists its links; moving to Catálogos switches; Escape closes', async ({
    page,
  }) => {
    await gotoReady(page, '/sobre');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Sobre Nós' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Marcas' })).toHaveAttribute(
      'href',
      '/produtos-por-marca',
    );
    await expect(nav.getByRole('link', { name: 'Campanhas' })).toHaveAttribute(
      'href',
      '/campanhas',
    );
    await expect(nav.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contacto');
    await expect(nav.getByRole('link', { name: 'PRO', exact: true })).toHaveAttribute(
      'href',
      '/pro',
    );

    const products = nav.getByRole('button', { name: 'Produtos' });
    const byFamily = nav.getByRole('link', { name: 'Produtos por Família' });
    await expect(byFamily).toBeHidden();
    await expect(async () => {
      await page.mouse.move(0, 400);
      await products.hover();
      await expect(byFamily).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(byFamily).toHaveAttribute('href', '/produtos');
    await expect(nav.getByRole('link', { name: 'Produtos por Marca' })).toHaveAttribute(
      'href',
      '/produtos-por-marca',
    );

    // Within the skip delay the next dropdown opens at once and the first one closes.
    await nav.getByRole('button', { name: 'Catálogos' }).hover();
    await expect(nav.getByRole('link', { name: 'Catálogos de Fábrica' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Catálogos', exact: true })).toHaveAttribute(
      'href',
      '/catalogos',
    );
    await expect(byFamily).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Catálogos de Fábrica' })).toBeHidden();

    // Leaving with the pointer closes it (150 ms).
    await products.hover();
    await expect(byFamily).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(byFamily).toBeHidden();
  });

  test('the keyboard opens a dropdown with ArrowDown and closes it with Escape', async ({
    page,
  }) => {
    await gotoReady(page, '/sobre');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const products = nav.getByRole('button', { name: 'Produtos' });
    await expect(async () => {
      await products.focus();
      await page.keyboard.press('ArrowDown');
      await expect(nav.getByRole('link', { name: 'Produtos por Família' })).toBeFocused({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Produtos por Marca' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toBeFocused();
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
  });

  test('/produtos is not active under /produtos-por-marca', async ({ page }) => {
    await gotoReady(page, '/produtos-por-marca');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Marcas' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Produtos' })).toHaveAttribute(
      'data-active',
      'true',
    );
    await nav.getByRole('button', { name: 'Produtos' }).click();
    await expect(nav.getByRole('link', { name: 'Produtos por Família' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Produtos por Marca' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the Newsletter entry is a button that opens the newsletter dialog', async ({ page }) => {
    await gotoReady(page, '/sobre');
    const button = page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Newsletter' });
    await expect(async () => {
      await button.click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the header is transparent over the home hero and opaque after 200 px of scroll', async ({
    page,
  }) => {
    await gotoReady(page, '/');
    const header = page.locator('header[data-transparent]');
    await expect(header).toHaveAttribute('data-transparent', 'true');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-transparent', 'false');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-transparent', 'true');
    await gotoReady(page, '/sobre');
    await expect(header).toHaveAttribute('data-transparent', 'false');
  });
});

test.describe('mega-menu of chapters', () => {
  test('hovering a chapter shows its families as image cards', async ({ page }) => {
    await gotoReady(page, '/sobre');
    const dialog = await openCategories(page);
    await expect(dialog.getByRole('button', { name: /Salas de Banho/ })).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(17); // 16 chapters + close

    await dialog.getByRole('button', { name: /Cozinha e Lavandaria/ }).hover();
    const panel = dialog.getByTestId('mega-menu-families');
    await expect(panel).toHaveAttribute('data-chapter-code', '30');
    await expect(panel.getByRole('heading', { name: 'Selecione uma família' })).toBeVisible();
    await expect(
      panel.getByRole('link', { name: 'Ver todos os produtos em Cozinha e Lavandaria' }),
    ).toHaveAttribute('href', '/produtos/cozinha-e-lavandaria?view=all');
    const card = panel.getByRole('link', { name: 'Lava-Louças' });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('href', '/produtos/cozinha-e-lavandaria/lava-loucas');
    const img = card.locator('img');
    await expect(img).toHaveAttribute('src', /^\/media\/families\/30-\d{3}\.webp\?w=64&q=70$/);
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(64);

    // Escape closes the panel.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the page carries no family of the menu: the menu asks GET /api/navigation when first wanted', async ({ page, request }) => {
    const html = await (await request.get('/sobre')).text();
    expect(html).not.toContain('Lava-Louças');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/navigation') asked.push(r.method());
    });
    await gotoReady(page, '/sobre');
    expect(asked).toEqual([]);
    const dialog = await openCategories(page);
    await dialog.getByRole('button', { name: /Cozinha e Lavandaria/ }).click();
    await expect(dialog.getByRole('link', { name: 'Lava-Louças' })).toBeVisible();
    expect(asked).toEqual(['GET']);
    const answer = await request.get('/api/navigation');
    expect(answer.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  test('choosing a family navigates and the path change closes the sidebar', async ({ page }) => {
    await gotoReady(page, '/sobre');
    const dialog = await openCategories(page);
    await dialog.getByRole('button', { name: /Cozinha e Lavandaria/ }).click();
    await dialog
      .getByRole('link', { name: 'Ver todos os produtos em Cozinha e Lavandaria' })
      .click();
    await expect(page).toHaveURL(/\/produtos\/cozinha-e-lavandaria\?view=all$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe('on a phone (< 768 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('tapping a chapter in the sidebar navigates to it', async ({ page }) => {
    await gotoReady(page, '/sobre');
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
    const dialog = await openCategories(page);
    const chapter = dialog.getByRole('link', { name: /Cozinha e Lavandaria/ });
    await expect(chapter).toHaveAttribute('href', '/produtos/cozinha-e-lavandaria');
    await chapter.tap();
    await expect(page).toHaveURL(/\/produtos\/cozinha-e-lavandaria$/);
    await expect(dialog).toBeHidden();
  });

  test('the main menu holds search, the user block, account links and Navegar', async ({
    page,
  }) => {
    await gotoReady(page, '/sobre');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(async () => {
      if (!(await menu.isVisible()))
        await page.getByRole('button', { name: 'Abrir menu', exact: true }).tap();
      await expect(menu).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(menu.getByRole('combobox', { name: 'Pesquisar produtos' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Carrinho' })).toHaveAttribute('href', '/cart');
    const navigate = menu.getByRole('navigation', { name: 'Navegar' });
    await expect(navigate.getByRole('link', { name: 'Produtos por Família' })).toHaveAttribute(
      'href',
      '/produtos',
    );
    await expect(navigate.getByRole('link', { name: 'Campanhas' })).toHaveAttribute(
      'href',
      '/campanhas',
    );
    await navigate.getByRole('link', { name: 'Contacto' }).tap();
    await expect(page).toHaveURL(/\/contacto$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('search box', () => {
  test("suggestions appear for 'esquentador' and Enter goes to /produtos?search=esquentador", async ({
    page,
  }) => {
    await gotoReady(page, '/sobre');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
    const options = page
      .getByRole('listbox', { name: 'Sugestões de produtos' })
      .getByRole('option');
    await expect(async () => {
      await box.fill('');
      await box.fill('esquentador');
      await expect(options.first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    await expect(options.first()).toContainText(/esquentador/i);

    await box.press('Enter');
    await expect(page).toHaveURL(/\/produtos\?search=esquentador$/);
  });

  test('ArrowDown + Enter opens the product of a suggestion', async ({ page }) => {
    await gotoReady(page, '/sobre');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
    const options = page
      .getByRole('listbox', { name: 'Sugestões de produtos' })
      .getByRole('option');
    await expect(async () => {
      await box.fill('');
      await box.fill('esquentador');
      await expect(options.first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.first().getAttribute('id')) ?? 'missing',
    );
    await box.press('Enter');
    await expect(page).toHaveURL(/\/produtos\/.+/);
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
  });

  test('Escape clears the box and closes the suggestions', async ({ page }) => {
    await gotoReady(page, '/sobre');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
    const options = page
      .getByRole('listbox', { name: 'Sugestões de produtos' })
      .getByRole('option');
    await expect(async () => {
      await box.fill('');
      await box.fill('esquentador');
      await expect(options.first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(options).toHaveCount(0);
  });

  test('a single character asks for nothing', async ({ page }) => {
    await gotoReady(page, '/sobre');
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/products/search')) requests += 1;
    });
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
    await box.fill('e');
    await page.waitForTimeout(800);
    expect(requests).toBe(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('redirects (spec 2.2)', () => {
  test('/signup goes to /access-request with 308', async ({ request, baseURL }) => {
    for (const from of ['/signup', '/auth/access-request', '/request-access']) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(location(response, baseURL!)).toBe('/access-request');
    }
  });

  test('/admin goes to /admin/dashboard', async ({ request, baseURL }) => {
    const response = await request.get('/admin', { maxRedirects: 0 });
    expect([307, 308]).toContain(response.status());
    expect(location(response, baseURL!)).toBe('/admin/dashboard');
  });

  test('the other aliases of spec 2.2', async ({ request, baseURL }) => {
    const cases: [string, string][] = [
      ['/register-particular', '/'],
      ['/favoritos', '/dashboard/favorites'],
      ['/admin/users', '/admin/pro-accounts?tab=users'],
      ['/admin/users/abc-123', '/admin/pro-accounts/users/abc-123'],
      ['/admin/access-requests', '/admin/pro-accounts'],
      ['/admin/accounts', '/admin/pro-accounts'],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(location(response, baseURL!), from).toBe(to);
    }
  });
});
