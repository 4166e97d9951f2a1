import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { DEMO } from './support/accounts';

/**
 * Issue 23, item 7: the everyday admin screens as staff use them.
 * - The product edit page fits 1366 px and a 390 px phone (no sideways scroll) with every model
 *   field wide enough for what it holds (packages "10/50", a 13-digit EAN).
 * - The product list shows a price and a stock column, lists families in numeric order, and a
 *   page past the last leads to the last page.
 * - Titles say "— Gestão" once; a price rule's discount reads "20", not "20.00"; a long pro badge
 *   wraps between words; a campaign page shows its period; a supplier catalogue's cover is its
 *   PDF's first page, rendered by the production server itself.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

async function login(page: Page, who: { email: string; password: string }, where: '/admin/login' | '/login' = '/admin/login') {
  await page.goto(where);
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  if (where === '/admin/login') await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  else await expect(page.getByTestId('user-menu-trigger')).toBeVisible({ timeout: 30_000 });
}

/** How far the page scrolls sideways (0 when it fits) and the form controls whose text is cut or that stick out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const page = document.documentElement.scrollWidth - width;
    const clipped: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[data-testid="models-table"] :is(input, select, textarea)')) {
      const box = el.getBoundingClientRect();
      const name = el.labels?.[0]?.textContent?.trim() ?? el.name;
      if (box.right > width + 1 || box.left < -1) clipped.push(`${name}: fora do ecrã (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      else if (el.tagName === 'INPUT' && el.scrollWidth > el.clientWidth + 1) clipped.push(`${name}: «${(el as HTMLInputElement).value}» cortado (${el.scrollWidth} > ${el.clientWidth} px)`);
      else if (el.tagName === 'TEXTAREA' && el.scrollHeight > el.clientHeight + 1) clipped.push(`${name}: «${(el as HTMLTextAreaElement).value.slice(0, 40)}…» cortado (${el.scrollHeight} > ${el.clientHeight} px de altura)`);
      else if (box.width < 56) clipped.push(`${name}: ${Math.round(box.width)} px de largura`);
    }
    return { page, clipped };
  });
}

test('the product edit page fits 1366 px and a phone, every model field readable', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.editor);
  // A product with several models.
  await page.goto('/admin/products?ordenar=code');
  const row = page.getByTestId('admin-product-row').filter({ has: page.locator('td.tabular-nums', { hasText: /^(?:[3-9]|\d{2,})$/ }) }).first();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  await hydrated(page);
  await expect(page).toHaveTitle('Editar produto — Gestão');
  // What the fields hold when a model is filled in for real.
  await page.getByTestId('model-0-small_package').fill('10/50');
  await page.getByTestId('model-0-ean').fill('5601234567892');
  await page.getByTestId('model-0-code').fill(await page.getByTestId('model-0-code').inputValue());

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('models-table')).toBeVisible();
    const seen = await overflow(page);
    expect(seen.clipped, `${viewport.width} px`).toEqual([]);
    expect(seen.page, `${viewport.width} px: scrollWidth − viewport`).toBeLessThanOrEqual(0);
  }
  // Every model field has a visible label of its own.
  await expect(page.getByTestId('model-row-0').getByLabel('EAN')).toHaveValue('5601234567892');
  await expect(page.getByTestId('model-row-0').getByLabel('Embalagem pequena')).toHaveValue('10/50');
});

test('the product list: price and stock columns, families in numeric order, no page past the last', async ({ page }) => {
  await login(page, DEMO.editor);
  await page.goto('/admin/products');
  await expect(page).toHaveTitle('Produtos — Gestão');
  const table = page.getByTestId('admin-products-table');
  await expect(table.getByRole('columnheader', { name: 'Preço s/ IVA' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Stock' })).toBeVisible();
  const firstPrice = (await page.getByTestId('admin-product-price').first().innerText()).replace(/[\u00a0\u202f]/g, ' ');
  expect(firstPrice).toMatch(/^\d[\d ]*,\d{2,4} €( – \d[\d ]*,\d{2,4} €)?$/);
  await expect(page.getByTestId('admin-product-stock').first()).toContainText(/Em stock|Esgotado|Por encomenda/);

  // Families: 20-… before 100-… (as numbers, not as text).
  const codes = (await page.getByLabel('Família').locator('option').allInnerTexts()).map((o) => o.split(' · ')[0]!.trim()).filter((c) => /^\d+-\d+$/.test(c));
  expect(codes.length).toBeGreaterThan(20);
  const sorted = [...codes].sort((a, b) => a.localeCompare(b, 'pt-PT', { numeric: true }));
  expect(codes).toEqual(sorted);
  expect(codes.indexOf('20-010')).toBeLessThan(codes.indexOf('100-010'));

  // A page past the last: the last page, with rows.
  await page.goto('/admin/products?ordenar=code&pagina=9999');
  await expect(page).toHaveURL(/[?&]pagina=\d+/);
  const last = Number(new URL(page.url()).searchParams.get('pagina'));
  expect(last).toBeLessThan(9999);
  expect(new URL(page.url()).searchParams.get('ordenar')).toBe('code');
  await expect(page.getByTestId('admin-product-row').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toContainText(`Página ${last} de ${last}`);
});

test('titles say «Gestão» once', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page).toHaveTitle('Entrar — Gestão');
  await login(page, DEMO.admin);
  for (const path of ['/admin/products', '/admin/products/new', '/admin/dashboard', '/admin/orders', '/admin/cache-performance']) {
    await page.goto(path);
    const title = await page.title();
    expect(title.match(/Gestão/g)?.length ?? 0, `${path}: «${title}»`).toBeLessThanOrEqual(1);
  }
});

test('a price rule reads its discount as pt-PT («20», not «20.00»)', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/admin/pro-accounts');
  await page.getByRole('link', { name: 'Canalizações Demo' }).first().click();
  await expect(page).toHaveURL(/\/admin\/pro-accounts\/\d+$/);
  const rules = page.getByTestId('price-rule');
  await expect(rules.first()).toBeVisible();
  const values = await rules.getByLabel('Desconto %').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  expect(values.length).toBeGreaterThan(0);
  for (const v of values) expect(v).toMatch(/^\d{1,3}(,\d{1,2})?$/);
});

test('a long pro badge wraps between words, never cut inside one', async ({ page, browser }) => {
  const LONG = 'Canalizações e Aquecimentos Vila Nova de Gaia Unipessoal';
  await login(page, DEMO.admin);
  await page.goto('/admin/pro-accounts');
  await page.getByRole('link', { name: 'Canalizações Demo' }).first().click();
  await expect(page).toHaveURL(/\/admin\/pro-accounts\/\d+$/);
  const accountUrl = page.url();
  const rename = async (name: string) => {
    await page.goto(accountUrl);
    await hydrated(page);
    const form = page.getByTestId('account-form');
    await form.getByLabel('Nome da conta (texto do distintivo)').fill(name);
    await form.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  };
  await rename(LONG);
  try {
    const pro = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await login(pro, DEMO.pro, '/login');
    const badge = pro.getByTestId('user-menu-trigger').getByTestId('role-badge');
    await expect(badge).toHaveAttribute('title', LONG.toLocaleUpperCase('pt-PT'));
    const text = badge.getByTestId('role-badge-text');
    // Nothing cut sideways: each line ends between words.
    const fits = await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    // Each word is either shown whole or on a clamped line, never half: no word straddles the box's right edge.
    const straddling = await text.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      const node = el.firstChild!;
      const words: string[] = [];
      const content = node.textContent ?? '';
      let at = 0;
      for (const word of content.split(' ')) {
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const r = range.getBoundingClientRect();
        if (r.left < box.right - 0.5 && r.right > box.right + 0.5) words.push(word);
        at += word.length + 1;
      }
      return words;
    });
    expect(straddling).toEqual([]);
    await pro.close();
  } finally {
    await rename('Canalizações Demo');
  }
});

test('a campaign page shows its period in pt-PT dates', async ({ page }) => {
  await page.goto('/campanhas');
  await page.getByTestId('campaign-list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/campanhas\/[a-z0-9-]+$/);
  await expect(page.getByTestId('campaign-period')).toHaveText(/^(De \d{1,2} de [a-zç]+ de \d{4} a \d{1,2} de [a-zç]+ de \d{4}|Até \d{1,2} de [a-zç]+ de \d{4}|A partir de \d{1,2} de [a-zç]+ de \d{4})$/);
});

/** A one-page PDF, its page all red. */
function redPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, 595, 842).fill('#cc0000');
    doc.fillColor('#ffffff').fontSize(32).text('Catálogo vermelho', 60, 300);
    doc.end();
  });
}

test('a supplier catalogue gets its PDF’s first page as cover; a PNG sent as the PDF is refused in words', async ({ page }) => {
  await login(page, DEMO.editor);
  await page.goto('/admin/supplier-catalogues/new');
  await hydrated(page);
  const brandId = await page.getByTestId('supplier-catalogue-form').getByLabel('Marca').locator('option').nth(1).getAttribute('value');
  const send = (file: { name: string; mimeType: string; buffer: Buffer }) =>
    page.request.post('/api/admin/supplier-catalogues', {
      multipart: { brandId: brandId!, title: `Capa E2E ${Date.now()}`, year: '2026', source: 'upload', externalUrl: '', active: 'false', pdf: file },
    });
  const made = await send({ name: 'capa.pdf', mimeType: 'application/pdf', buffer: await redPdf() });
  expect(made.status()).toBe(201);
  const body = await made.json();
  expect(body.data.coverSource).toBe('pdf');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const refused = await send({ name: 'capa.pdf', mimeType: 'application/pdf', buffer: png });
  expect(refused.status()).toBe(415);
  expect((await refused.json()).message).toBe('O ficheiro enviado é uma imagem PNG; aqui só se aceita um PDF.');
  expect((await page.request.delete(`/api/admin/supplier-catalogues/${body.data.id}?version=${body.data.version}`)).status()).toBeLessThan(300);
});
