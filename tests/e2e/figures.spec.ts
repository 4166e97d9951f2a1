import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signIn, type UnitModel } from './support/demo';
import { waitForMail } from './support/mail';

/**
 * Issue 22 item 4, "figures that add up": random lines of the demo catalogue bought by the demo
 * professional (4-decimal net prices after their discounts). Everywhere a line shows its units,
 * unit price and total — cart, checkout review, order page, order PDF (pdftotext), the mail and
 * the job list's XLSX — shown units × shown unit price = shown line total, to the cent; the PDF
 * shows the same unit text as the site. Items 6 and 8 where they show on these pages: the job
 * list's "Passar tudo para o carrinho" toast, the PDF link that does not replace the tab, the
 * mail's link to the order, and toasts clear of the floating cart button.
 */

test.describe.configure({ mode: 'serial' });

/** `1 234,5678 €` → ten-thousandths of a euro (exact integers). */
function tenThousandths(text: string): number {
  const m = /(-?\d[\d\s\u00a0\u202f]*),(\d{2,4})\s*€/.exec(text);
  if (!m) throw new Error(`Sem preço em «${text}»`);
  return Number(m[1]!.replace(/[\s\u00a0\u202f]/g, '')) * 10_000 + Number(m[2]!.padEnd(4, '0'));
}
/** The unit price's text with its decimals (2 to 4), e.g. `4,195 €`. */
function unitText(text: string): string {
  const m = /\d[\d\s\u00a0\u202f]*,\d{2,4}\s*€/.exec(text);
  if (!m) throw new Error(`Sem preço em «${text}»`);
  return m[0].replace(/[\s\u00a0\u202f]+/g, ' ');
}
const integer = (text: string) => Number(/\d[\d\s\u00a0\u202f]*/.exec(text)![0].replace(/[\s\u00a0\u202f]/g, ''));
/** units × unit (ten-thousandths) → cents, half away from zero, as the shop rounds a line once. */
const lineCents = (units: number, unit: number) => Math.floor((units * unit) / 100 + 0.5);

interface Seen {
  code: string;
  units: number;
  unit: string;
  totalCents: number;
}
function check(where: string, seen: Seen[]) {
  for (const s of seen) expect(`${where} ${s.code}: ${s.units} × ${s.unit} = ${lineCents(s.units, tenThousandths(s.unit))}`).toBe(`${where} ${s.code}: ${s.units} × ${s.unit} = ${s.totalCents}`);
}
const cents = (text: string) => Math.round(tenThousandths(text) / 100);

/** A seeded choice of `wanted` models of the demo catalogue sold by the unit, over several chapters. */
async function randomModels(page: Page, wanted: number, seed: number): Promise<UnitModel[]> {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
  const pool: UnitModel[] = [];
  for (const chapter of [40, 10, 20, 30, 50]) {
    const listing = await (await page.request.get(`/api/products/by-chapter?chapter=${chapter}&limit=30`)).json();
    const products = (listing.data ?? []) as { product_code: string }[];
    for (let i = 0; i < Math.min(6, products.length); i++) {
      const product = products[rnd(products.length)]!;
      const answer = await page.request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
      if (!answer.ok()) continue;
      for (const m of (await answer.json()).data as (UnitModel & { status?: string })[]) if (m.sales_increment <= 1 && !pool.some((p) => p.id === m.id)) pool.push(m);
    }
    if (pool.length >= wanted * 2) break;
  }
  const chosen: UnitModel[] = [];
  while (chosen.length < wanted && pool.length > 0) chosen.push(pool.splice(rnd(pool.length), 1)[0]!);
  expect(chosen.length).toBeGreaterThanOrEqual(Math.min(wanted, 10));
  return chosen;
}

/** The professional's cart emptied and filled with the models, random quantities (1 to 60 packages). */
async function fillCart(page: Page, models: UnitModel[], seed: number): Promise<string> {
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  let s = seed;
  for (const model of models) {
    s = (s * 48_271) % 2_147_483_647;
    const added = await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: model.id, quantity_of_packages: 1 + (s % 60) } });
    expect(added.ok(), `add ${model.code}`).toBeTruthy();
  }
  return cartId;
}

async function rows(list: Locator, read: (row: Locator) => Promise<Seen | null>): Promise<Seen[]> {
  const out: Seen[] = [];
  for (const row of await list.all()) {
    const seen = await read(row);
    if (seen) out.push(seen);
  }
  return out;
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900, lines: 20 },
  { name: 'phone', width: 390, height: 844, lines: 8 },
]) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`units × unit price = line total for ${viewport.lines} random lines: cart, checkout, order, PDF, mail, XLSX`, async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      const seed = Number(process.env.FIGURES_SEED ?? 20_261_122) + viewport.width;
      test.info().annotations.push({ type: 'seed', description: String(seed) });
      await signIn(page, baseURL!, 'pro');
      const models = await randomModels(page, viewport.lines, seed);
      const cartId = await fillCart(page, models, seed);

      // Cart: "N unidades", the unit price and the line total, each line.
      await page.goto('/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(models.length);
      const cartSeen = await rows(page.getByTestId('cart-line'), async (row) => ({
        code: (await row.getAttribute('data-model-code')) ?? '?',
        units: integer(await row.getByTestId('line-units').innerText()),
        unit: unitText(await row.getByTestId('line-unit-price').innerText()),
        totalCents: cents(await row.getByTestId('line-total').innerText()),
      }));
      check('carrinho', cartSeen);
      // At least one line needs more than 2 decimals (the 4 × 4,19 € ≠ 16,78 €).
      expect(cartSeen.some((s) => /,\d{3,4} €$/.test(s.unit))).toBe(true);

      // Job list from the cart, and its XLSX (numbers with pt-PT euro formats).
      const created = await page.request.post('/api/job-lists', { data: { name: `Contas certas ${viewport.name}`, cart_id: cartId } });
      expect(created.ok()).toBeTruthy();
      const listId = (await created.json()).data.id as number;
      await page.goto(`/dashboard/obras/${listId}`);
      const listSeen = await rows(page.getByTestId('job-list-line'), async (row) => ({
        code: (await row.getAttribute('data-code')) ?? '?',
        units: integer(await row.getByTestId('job-list-line-units').innerText()),
        unit: unitText(await row.getByTestId('job-list-line-unit-price').innerText()),
        totalCents: cents(await row.getByTestId('job-list-line-total').innerText()),
      }));
      expect(listSeen).toHaveLength(models.length);
      check('obra', listSeen);
      const xlsx = await page.request.get(`/api/job-lists/${listId}/export?format=xlsx`);
      expect(xlsx.ok()).toBeTruthy();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const xlsxSeen: Seen[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1 || !row.getCell(1).value) return;
        const unit = Number(row.getCell(7).value);
        expect(Math.round(unit * 10_000) / 10_000).toBe(unit); // at most the price list's 4 decimals
        expect(row.getCell(7).numFmt).toBe('#,##0.00## [$€-816]');
        expect(row.getCell(9).numFmt).toBe('#,##0.00 [$€-816]');
        xlsxSeen.push({ code: String(row.getCell(1).value), units: Number(row.getCell(6).value), unit: `${unit.toFixed(4).replace('.', ',')} €`, totalCents: Math.round(Number(row.getCell(9).value) * 100) });
      });
      expect(xlsxSeen).toHaveLength(models.length);
      check('xlsx', xlsxSeen);

      // Checkout review: "N × pacote (U un.)", "unit / un. s/ IVA", the net line.
      await page.goto('/checkout');
      await expect(page.getByTestId('checkout-line')).toHaveCount(models.length);
      const checkoutSeen = await rows(page.getByTestId('checkout-line'), async (row) => {
        const text = await row.innerText();
        return {
          code: /Ref\. (\S+)/.exec(text)?.[1] ?? '?',
          units: Number(/\(([\d\s\u00a0\u202f]+) un\.\)/.exec(text)![1]!.replace(/[\s\u00a0\u202f]/g, '')),
          unit: unitText(await row.getByTestId('checkout-line-unit').innerText()),
          totalCents: cents(await row.getByTestId('checkout-line-net').innerText()),
        };
      });
      check('checkout', checkoutSeen);

      // Place it (bank transfer) and read the order page.
      await page.getByLabel(/Transferência bancária/).check();
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/, { timeout: 30_000 });
      const orderId = new URL(page.url()).searchParams.get('order')!;
      const number = (await page.getByRole('heading', { level: 1 }).innerText()).match(/EN-\d{4}-\d{6}/)![0];
      await page.goto(`/dashboard/orders/${orderId}`);
      const orderSeen = await rows(page.getByTestId('order-line'), async (row) => ({
        code: (await row.getAttribute('data-model-code')) ?? '?',
        units: integer(await row.getByTestId('order-line-units').innerText()),
        unit: unitText(await row.getByTestId('order-line-unit-price').innerText()),
        totalCents: cents(await row.getByTestId('order-line-total').innerText()),
      }));
      expect(orderSeen).toHaveLength(models.length);
      check('encomenda', orderSeen);

      // "Descarregar PDF" downloads (the shop's tab stays); the PDF's text has the site's unit texts.
      const pdfLink = page.getByTestId('order-pdf');
      await expect(pdfLink).toHaveAttribute('download', `${number}.pdf`);
      const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
      expect(page.url()).toContain(`/dashboard/orders/${orderId}`);
      const file = path.join(os.tmpdir(), `figures-${process.pid}-${viewport.name}.pdf`);
      await download.saveAs(file);
      const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      fs.rmSync(file, { force: true });
      const pdfSeen: Seen[] = [];
      for (const o of orderSeen) {
        const line = pdfText.split('\n').find((l) => l.includes(o.code));
        expect(line, `PDF: linha ${o.code}`).toBeTruthy();
        // -layout keeps the table's columns apart by 2 spaces or more; a number's own grouping is one space.
        const cells = line!.trim().split(/\s{2,}/).map((c) => c.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
        const priceAt = cells.flatMap((c, i) => (/^\d[\d ]*,\d{2,4} €$/.test(c) ? [i] : []));
        expect(priceAt.length, `PDF: preços de ${o.code} em «${line}»`).toBeGreaterThanOrEqual(2);
        const unitCell = cells[priceAt.at(-2)!]!;
        const units = integer(cells[priceAt.at(-2)! - 1] ?? '');
        expect(unitCell, `PDF: preço unitário de ${o.code} como no site («${line}»)`).toBe(o.unit);
        pdfSeen.push({ code: o.code, units, unit: unitCell, totalCents: cents(cells[priceAt.at(-1)!]!) });
        expect(units, `PDF: unidades de ${o.code}`).toBe(o.units);
      }
      check('pdf', pdfSeen);

      // The confirmation mail: each line's units × unit = net line, and the link to the order.
      const mail = await waitForMail(DEMO.pro.email, new RegExp(`Encomenda ${number} recebida`));
      const text = mail.text.replace(/[\u00a0\u202f]/g, ' ');
      const mailSeen: Seen[] = [];
      for (const o of orderSeen) {
        const at = text.indexOf(o.code);
        expect(at, `email: linha ${o.code}`).toBeGreaterThan(-1);
        const m = /\(([\d ]+) un\.\) × ([\d ]+,\d{2,4} €) = ([\d ]+,\d{2} €) s\/ IVA/.exec(text.slice(at));
        expect(m, `email: contas de ${o.code}`).toBeTruthy();
        mailSeen.push({ code: o.code, units: integer(m![1]!), unit: m![2]!, totalCents: cents(m![3]!) });
        expect(m![2]).toBe(o.unit);
      }
      check('email', mailSeen);
      expect(mail.text).toMatch(new RegExp(`https?://[^\\s]+/dashboard/orders/${orderId}\\b`));

      // Item 6: the whole job list back to the cart says how many lines, not an ICU template.
      await page.goto(`/dashboard/obras/${listId}`);
      await page.getByRole('button', { name: 'Passar tudo para o carrinho' }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await expect(toast).toContainText(`${models.length} linhas adicionadas ao carrinho.`);
      await expect(toast).not.toContainText('{');
      // Item 8: the toast and the floating cart button do not cover each other.
      const floating = page.getByTestId('floating-cart');
      if (await floating.isVisible()) {
        // Measured once the toast has slid in (sonner animates it up from below for 400 ms).
        let last = '';
        await expect
          .poll(async () => {
            const box = JSON.stringify(await toast.boundingBox());
            const settled = box === last;
            last = box;
            return settled;
          }, { intervals: [150] })
          .toBe(true);
        const a = (await toast.boundingBox())!;
        const b = (await floating.boundingBox())!;
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, 'o toast tapa o botão do carrinho').toBe(false);
      }
    });
  });
}
