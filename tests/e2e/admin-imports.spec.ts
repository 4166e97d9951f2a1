import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO } from './support/accounts';

/**
 * Issue 23, items 1–2, walked as the staff of a distributor:
 *
 * 1. In a local demo (the README's two commands: demo catalogue, demo accounts, no production
 *    host) an editor exports the catalogue, changes one price, imports it: the preview shows the
 *    change and which demo accounts go and which stay; "Confirmar importação" lands on the result
 *    page, the editor is still signed in, and an administrator can still sign in. The shared test
 *    server keeps every demo account through imports (DEMO_ACCOUNTS=1, the other specs log in
 *    with them), so this journey runs on a server of its own with the local demo's settings.
 * 2. On the shared server, an administrator syncs a PHC price file where 5 % of the codes are
 *    articles the shop does not sell: the known prices are applied, the others are listed (count,
 *    codes, CSV download) — before and after applying, and in the history.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN_PORT = Number(process.env.E2E_PORT ?? 3100);
const DEMO_PORT = Number(process.env.E2E_IMPORTS_PORT ?? MAIN_PORT + 50);
const DEMO_SMTP_PORT = Number(process.env.E2E_IMPORTS_SMTP_PORT ?? Number(process.env.E2E_SMTP_PORT ?? 3125) + 50);
const DEMO_URL = `http://localhost:${DEMO_PORT}`;

type Row = Record<string, string>;

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvOf(header: string[], rows: Row[]): Buffer {
  return Buffer.from(`${[header.join(';'), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(';'))].join('\r\n')}\r\n`, 'utf8');
}

async function exportRows(page: Page, base = ''): Promise<{ header: string[]; rows: Row[] }> {
  const response = await page.request.get(`${base}/api/admin/catalogue`);
  expect(response.status()).toBe(200);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const header = text.slice(0, text.indexOf('\r\n')).split(';');
  return { header, rows: parse(text, { delimiter: ';', columns: true }) as Row[] };
}

async function logIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/admin/login`);
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`o servidor de demonstração terminou (código ${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('o servidor de demonstração não arrancou a tempo');
}

test.describe('a catalogue import in a local demo', () => {
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(DEMO_PORT), E2E_PORT: String(DEMO_PORT), E2E_SMTP_PORT: String(DEMO_SMTP_PORT) };
    env.DATA_DIR = '.data-e2e-imports';
    env.E2E_MAIL_DIR = '.mail-e2e-imports';
    env.SITE_URL = DEMO_URL;
    env.DEMO_ACCOUNTS = ''; // not "1": the local demo's own rule (the demo accounts go with a real import)
    env.SPARE_WORKER = '0';
    env.AUTH_RATE_LIMIT_IP_SCALE = '50';
    delete env.PRODUCTION_HOSTS;
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [path.join(ROOT, 'scripts', 'e2e-server.mjs')], { cwd: ROOT, env, stdio: 'ignore', detached: true });
    await waitForHealth(DEMO_URL, server, 540_000);
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 1500));
    }
    fs.rmSync(path.join(ROOT, '.data-e2e-imports'), { recursive: true, force: true });
    fs.rmSync(path.join(ROOT, '.mail-e2e-imports'), { recursive: true, force: true });
  });

  test('export → one price changed → preview (the change, the accounts that go) → confirm → result page; the editor stays signed in, an administrator remains', async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: DEMO_URL, locale: 'pt-PT' });
    const page = await context.newPage();
    await logIn(page, DEMO_URL, DEMO.editor);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The screen offers the template and describes the columns.
    await page.goto(`${DEMO_URL}/admin/catalogue-management`);
    await hydrated(page);
    const template = page.getByTestId('template-catalogue');
    await expect(template).toHaveText('Descarregar modelo (CSV)');
    const [download] = await Promise.all([page.waitForEvent('download'), template.click()]);
    const templateText = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(templateText.split('\r\n')[0]).toContain('chapter_code;family_code;family_title;product_id');
    await expect(page.getByTestId('format-catalogue')).toContainText('Preço sem IVA, em euros');

    // Export, change one price.
    const { header, rows } = await exportRows(page, DEMO_URL);
    const original = rows.find((r) => Number((r.price ?? '').replace(',', '.')) > 1)!;
    const changed: Row = { ...rows.find((r) => r.model_code === original.model_code)!, price: (Number(original.price!.replace(',', '.')) + 2.5).toFixed(2).replace('.', ',') };
    const file = csvOf(header, rows.map((r) => (r.model_code === original.model_code ? changed : r)));

    await page.getByTestId('catalogue-file').setInputFiles({ name: 'catalogo-editado.csv', mimeType: 'text/csv', buffer: file });
    await page.getByTestId('catalogue-upload').click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toBeVisible({ timeout: 120_000 });
    await expect(preview.getByTestId('summary-models').getByTestId('updated')).toHaveText('1');
    await expect(preview.getByTestId('price-samples')).toContainText(original.model_code!);
    // Which accounts go, which stay, and why — before anything is done.
    const accounts = preview.getByTestId('import-accounts');
    await expect(accounts.getByTestId('accounts-removed')).toContainText(DEMO.pro.email);
    await expect(accounts.getByTestId('accounts-removed')).toContainText(DEMO.particular.email);
    await expect(accounts.getByTestId('accounts-removed')).toContainText(DEMO.viewer.email);
    await expect(accounts.getByTestId('accounts-removed')).not.toContainText(DEMO.editor.email);
    await expect(accounts.getByTestId('accounts-kept')).toContainText(`${DEMO.editor.email}) — é a conta que confirma a importação`);
    await expect(accounts.getByTestId('accounts-kept')).toContainText(`${DEMO.admin.email}, administrador) — é o último administrador`);

    await page.getByTestId('catalogue-confirm').click();
    await expect(page).toHaveURL(/\/admin\/catalogue-management\/imports\/\d+$/, { timeout: 120_000 });
    const done = page.getByTestId('import-done');
    await expect(page.getByRole('heading', { name: 'Resultado da importação', level: 1 })).toBeVisible();
    await expect(done.getByTestId('summary-models').getByTestId('updated')).toHaveText('1');
    await expect(done.getByTestId('accounts-removed')).toContainText(DEMO.pro.email);
    await expect(done.getByTestId('accounts-kept')).toContainText(DEMO.admin.email);
    expect((await exportRows(page, DEMO_URL)).rows.find((r) => r.model_code === original.model_code)!.price).toBe(changed.price);

    // Still signed in: the way back leads to the screen, not to the login page.
    await done.getByTestId('import-result-back').click();
    await expect(page).toHaveURL(/\/admin\/catalogue-management$/);
    await expect(page.getByRole('heading', { name: 'Gestão de catálogos' })).toBeVisible();
    await expect(page.getByTestId('import-history')).toContainText('catalogo-editado.csv');

    // An administrator remains: the demo administrator signs in and reaches the ERP screens.
    const adminContext = await browser.newContext({ baseURL: DEMO_URL, locale: 'pt-PT' });
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, DEMO_URL, DEMO.admin);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await adminPage.goto(`${DEMO_URL}/admin/phc-sync`);
    await expect(adminPage.getByRole('heading', { name: 'Sincronização PHC', level: 1 })).toBeVisible();
    // A removed demo account no longer signs in.
    const proContext = await browser.newContext({ baseURL: DEMO_URL, locale: 'pt-PT' });
    const proPage = await proContext.newPage();
    await logIn(proPage, DEMO_URL, DEMO.pro);
    await expect(proPage.getByTestId('login-form').getByRole('alert')).toBeVisible();
    await expect(proPage).toHaveURL(/\/admin\/login/);
    await Promise.all([context.close(), adminContext.close(), proContext.close()]);
  });
});

test.describe('a PHC price file with articles the shop does not sell', () => {
  async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
    const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
    const page = await context.newPage();
    await logIn(page, '', DEMO.admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    return page;
  }

  test('applies the known codes and reports the others: count, codes, CSV', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await adminPage(browser, baseURL!);
    // 38 models of the catalogue (outside chapter 40, where the buying journeys are) and 2 codes
    // the shop does not sell: 5 % unknown. Three prices move; the rest are as they are.
    const { rows } = await exportRows(page);
    const known = rows.filter((r) => r.chapter_code !== '40' && Number((r.price ?? '').replace(',', '.')) > 1).slice(0, 38);
    expect(known).toHaveLength(38);
    const moved: Row[] = known.slice(0, 3).map((r) => ({ ...r, price: (Number(r.price!.replace(',', '.')) + 0.5).toFixed(2).replace('.', ',') }));
    const unknown = ['PHC-SO-ERP-0001', 'PHC-SO-ERP-0002'];
    const lines = ['model_code;price;discount_group', ...known.map((r, i) => `${r.model_code};${(moved[i] ?? r).price};${r.discount_group ?? ''}`)];
    lines.splice(11, 0, `${unknown[0]};12,34;A1`);
    lines.push(`${unknown[1]};0;`);
    const file = Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');

    await page.goto('/admin/phc-sync');
    await hydrated(page);
    await expect(page.getByTestId('template-erp-prices')).toBeVisible();
    await expect(page.getByTestId('format-erp-prices')).toContainText('model_code');
    await expect(page.locator('body')).not.toContainText('README');
    await page.getByLabel('Ficheiro CSV ou XLSX').setInputFiles({ name: 'phc-precos-5pc.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = page.getByTestId('erp-preview');
    await expect(preview).toBeVisible();
    await expect(page.getByTestId('erp-count-rows')).toHaveText('40');
    await expect(page.getByTestId('erp-count-changed')).toHaveText('3');
    await expect(page.getByTestId('erp-count-skipped')).toHaveText('2');
    const skipped = preview.getByTestId('erp-skipped');
    await expect(skipped).toContainText('Ignorados: 2 linhas');
    await expect(skipped.getByTestId('erp-skipped-codes')).toContainText(unknown[0]!);
    await expect(skipped.getByTestId('erp-skipped-codes')).toContainText(unknown[1]!);
    const [previewCsv] = await Promise.all([page.waitForEvent('download'), skipped.getByTestId('erp-skipped-csv').click()]);
    expect(fs.readFileSync((await previewCsv.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual([
      'linha;model_code;motivo',
      `12;${unknown[0]};artigo desconhecido no catálogo`,
      `41;${unknown[1]};artigo desconhecido no catálogo`,
    ]);

    await page.getByTestId('erp-apply').click();
    const applied = page.getByTestId('erp-applied');
    await expect(applied).toBeVisible();
    await expect(applied.getByTestId('erp-applied-changed')).toHaveText('3');
    await expect(applied.getByTestId('erp-applied-skipped')).toHaveText('2');
    await expect(applied.getByTestId('erp-skipped-codes')).toContainText(unknown[1]!);
    const [runCsv] = await Promise.all([page.waitForEvent('download'), applied.getByTestId('erp-skipped-csv').click()]);
    expect(fs.readFileSync((await runCsv.path())!, 'utf8')).toContain(`${unknown[0]};artigo desconhecido no catálogo`);
    const run = page.getByTestId('erp-history').locator('tr[data-status="ok"]').first();
    await expect(run).toContainText('phc-precos-5pc.csv');
    await expect(run.getByTestId('erp-history-skipped')).toContainText('2 linhas ignoradas');

    // The known prices moved.
    const after = (await exportRows(page)).rows;
    for (const m of moved) expect(after.find((r) => r.model_code === m.model_code)!.price).toBe(m.price);

    // The demo catalogue's prices as they were, for the specs after this one.
    const restore = ['model_code;price;discount_group', ...known.slice(0, 3).map((r) => `${r.model_code};${r.price};${r.discount_group ?? ''}`)].join('\n');
    const previewed = await page.request.post('/api/admin/erp/preview', { multipart: { file: { name: 'repor.csv', mimeType: 'text/csv', buffer: Buffer.from(restore) } } });
    expect(previewed.status()).toBe(200);
    const token = (await previewed.json()).data.token as string;
    expect((await page.request.post('/api/admin/erp/apply', { data: { token } })).status()).toBe(200);
    await page.context().close();
  });
});
