import 'server-only';
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import { allowsQuantity, MAX_PACKAGES, quantityRule, roundUpPackages } from '@/lib/cart/packages';
import type { QuickOrderProblem, QuickOrderResult } from '@/lib/cart/types';
import { AppError } from '@/server/api/errors';
import { getDb } from '@/server/db/client';
import { inventoryProducts, products } from '@/server/db/schema';
import { excelCellText } from '@/server/import/read';
import { serverTranslator } from '@/server/mail/i18n';
import { addCartItem, findCart, QUICK_ORDER_MAX_LINES, repriceCart, type CartCaller } from './index';

/**
 * Quick order (issue 10, beyond the spec): lines of "code quantity" pasted or uploaded (CSV or
 * XLSX, first two columns). Separators: spaces, tabs, ';' or ','. Quantities are whole numbers
 * of units (a decimal comma is refused, not guessed). Valid lines are added to the cart; every
 * other line comes back with its number and the reason.
 */

const text = serverTranslator('CartApi');

export interface QuickOrderLine {
  line: number;
  text: string;
  code: string;
  quantity: number;
}

/** Header-like first lines ('código;quantidade', 'code,qty') are skipped. */
const HEADER = /^(c[oó]digo|code|ref|refer[eê]ncia|artigo|model)/i;

/** Splits pasted text into lines to add and lines refused for their form. */
export function parseQuickOrderText(input: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  const rows = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const shown = trimmed.slice(0, 120);
    const tokens = trimmed.split(/[\s;,]+/).filter(Boolean);
    const code = tokens[0] ?? '';
    const rest = tokens.slice(1);
    if (lines.length === 0 && problems.length === 0 && HEADER.test(code) && !/^\d/.test(rest[0] ?? '')) return;
    if (rest.length === 0) {
      problems.push({ line, text: shown, reason: text('quickMissingQuantity') });
      return;
    }
    // "ABC 1,5" or "ABC;1,5" split into ['1', '5']; "ABC 1.5" stays one token.
    if (/\d[.,]\d/.test(trimmed.slice(code.length)) && (rest.length > 1 || /[.,]/.test(rest[0]!))) {
      problems.push({ line, text: shown, reason: text('quickDecimal') });
      return;
    }
    if (rest.length > 1) {
      problems.push({ line, text: shown, reason: text('quickFormat') });
      return;
    }
    const qty = rest[0]!;
    if (!/^\d{1,7}$/.test(qty) || Number(qty) < 1 || Number(qty) > MAX_PACKAGES) {
      problems.push({ line, text: shown, reason: text('quickBadQuantity', { max: MAX_PACKAGES }) });
      return;
    }
    lines.push({ line, text: shown, code, quantity: Number(qty) });
  });
  return { lines, problems };
}

/** An uploaded CSV (text) or XLSX (first sheet, first two columns) as the same text lines. */
export async function quickOrderTextFromFile(name: string, bytes: ArrayBuffer): Promise<string> {
  if (/\.xlsx$/i.test(name)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes);
    } catch {
      throw new AppError({ code: 'bad_request', message: text('quickUnreadable') });
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return '';
    const out: string[] = [];
    for (let n = 1; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      const code = excelCellText(row.getCell(1).value).trim();
      const qty = excelCellText(row.getCell(2).value).trim();
      // Keep the sheet's row numbers: an empty row stays an empty line.
      out.push(code || qty ? `${code};${qty}` : '');
    }
    return out.join('\n');
  }
  if (/\.(csv|txt)$/i.test(name)) return new TextDecoder('utf-8').decode(bytes);
  throw new AppError({ code: 'unsupported_media_type', message: text('quickFileType') });
}

/** Adds the valid lines of `input` to the cart; lists the others with their reason. */
export async function quickOrder(cartId: string, caller: CartCaller, input: string): Promise<QuickOrderResult> {
  const cart = await findCart(cartId, caller);
  if (!cart) throw new AppError({ code: 'not_found', message: text('cartNotFound') });
  const nonEmpty = input.split(/\r\n|\r|\n/).filter((l) => l.trim()).length;
  if (nonEmpty > QUICK_ORDER_MAX_LINES + 1) {
    throw new AppError({ code: 'bad_request', message: text('quickTooMany', { max: QUICK_ORDER_MAX_LINES }) });
  }
  const { lines, problems } = parseQuickOrderText(input);
  const db = await getDb();
  const codes = [...new Set(lines.map((l) => l.code))];
  const models = codes.length
    ? await db
        .select({
          id: inventoryProducts.id,
          code: inventoryProducts.code,
          status: inventoryProducts.productStatus,
          active: products.active,
          salesMinimum: inventoryProducts.salesMinimum,
          salesIncrement: inventoryProducts.salesIncrement,
        })
        .from(inventoryProducts)
        .innerJoin(products, eq(products.id, inventoryProducts.productId))
        .where(inArray(sql`lower(${inventoryProducts.code})`, codes.map((c) => c.toLowerCase())))
    : [];
  const byCode = new Map(models.map((m) => [m.code.toLowerCase(), m]));
  let added = 0;
  for (const line of lines) {
    const model = byCode.get(line.code.toLowerCase());
    if (!model) {
      problems.push({ line: line.line, text: line.text, reason: text('quickUnknownCode', { code: line.code }) });
      continue;
    }
    if (model.status !== 'active' || !model.active) {
      problems.push({ line: line.line, text: line.text, reason: text('quickInactive') });
      continue;
    }
    const rule = quantityRule({ sales_minimum: model.salesMinimum, sales_increment: model.salesIncrement });
    if (!allowsQuantity(rule, line.quantity)) {
      const suggestion = roundUpPackages(rule, line.quantity);
      problems.push({
        line: line.line,
        text: line.text,
        reason: text('quickPackMultiple', { increment: rule.increment, minimum: rule.minimum, suggestion: suggestion ?? rule.minimum }),
      });
      continue;
    }
    try {
      await addCartItem(cart.id, caller, { modelId: model.id, packages: line.quantity }, { reprice: false });
      added++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problems.push({ line: line.line, text: line.text, reason: err.message });
    }
  }
  if (caller && added > 0) await repriceCart(cart.id, caller);
  problems.sort((a, b) => a.line - b.line);
  return { added, problems };
}
