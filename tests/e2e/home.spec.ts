import { expect, test } from '@playwright/test';

const CHAPTER_TITLES = [
  'Salas de Banho',
  'Sanitários Públicos-Balneários-Pontos de Atendimentos',
  'Cozinha e Lavandaria',
  'Condução de Águas Sanitárias',
  'Rega e Jardim',
  'Colas Vedantes-Lubricantes-Soldas-Desentupidores-Removedores',
  'Drenagem',
  'Esgotos de Edifícios',
  'Autoclismos-Estruturas-Ferragens Cisterna',
  'Ventilação e Exaustão',
  'AQS climatização e Energias Renováveis',
  'Gás e Componentes de Ligação',
  'Aspiração Central',
  'Bombagem',
  'Equipamentos Combate a Incêndio',
  'Piscinas e Tratamentos Químicos',
];

test('the home page is server-rendered in pt-PT with the 16 chapters and their product counts', async ({ page, request }) => {
  // The HTML itself (no client rendering) carries the chapters.
  const html = await (await request.get('/')).text();
  expect(html).toContain('<html lang="pt-PT"');
  for (const title of CHAPTER_TITLES) expect(html).toContain(title);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explorar Produtos' })).toHaveAttribute('href', '/produtos');
  await expect(page.getByRole('link', { name: 'Contacte-nos' })).toHaveAttribute('href', '/contacto');
  const cards = page.getByTestId('chapter-grid').getByRole('link');
  await expect(cards).toHaveCount(16);
  for (const [i, title] of CHAPTER_TITLES.entries()) {
    const card = cards.nth(i);
    await expect(card).toContainText(title);
    const counts = await card.getByTestId('chapter-count').innerText();
    const products = Number(counts.match(/^([\d\s\u00a0]+) produtos?/)?.[1]?.replace(/\D/g, ''));
    expect(products).toBeGreaterThan(0);
  }
  await expect(cards.first()).toHaveAttribute('href', '/produtos/salas-de-banho');
  // Wide cards for chapters 10, 30, 110 and 200.
  for (const code of [10, 30, 110, 200]) {
    await expect(page.locator(`li:has(> a[data-chapter-code="${code}"])`)).toHaveClass(/col-span-2/);
  }
});

test('the footer shows the shop address, phone, hours and legal links', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText('Vila Nova de Gaia');
  await expect(footer).toContainText('08:30-12:30');
  await expect(footer.getByRole('link', { name: 'Condições Gerais de Venda' })).toHaveAttribute('href', '/condicoes-gerais-de-venda');
  await expect(footer).toContainText(String(new Date().getFullYear()));
});

test('the health endpoint reports the embedded database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true, data: { status: 'ok', database: { status: 'up', driver: 'pglite' } } });
});

test('catalogue images are generated and served by the app', async ({ request }) => {
  const svg = await request.get('/media/chapters/10.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  const webp = await request.get('/media/chapters/110.webp?w=64&q=70');
  expect(webp.status()).toBe(200);
  expect(webp.headers()['content-type']).toBe('image/webp');
  expect((await request.get('/media/chapters/999.svg')).status()).toBe(404);
  expect((await request.get('/media/chapters/10.webp?w=5000')).status()).toBe(400);
});

test('an unknown path shows the 404 page with its two buttons', async ({ page }) => {
  const response = await page.goto('/esta-pagina-nao-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar à página inicial' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
});
