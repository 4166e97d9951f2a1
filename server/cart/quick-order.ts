import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { allowsQuantity, MAX_PACKAGES, nearestAllowedPackages, quantityRule } from '@/lib/cart/packages';
import type { QuickOrderMerge, QuickOrderProblem, QuickOrderResult } from '@/lib/cart/types';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { inventoryProducts, products } from '@/server/db/schema';
import { checkTextShape, decodeText, isFileError, isZip, readTableFile, tableLimits, tooLargeError } from '@/server/files';
import { serverTranslator } from '@/server/i18n';
import { addCartItem } from './lines';
import { findCart, type CartCaller } from './identity';
import { groupedQuantity } from './rules';
import { repriceCart } from './read';

/**
 * Quick order (beyond the spec): lines of "code quantity" pasted or uploaded (CSV or
 * XLSX, first two columns). Separators: spaces, tabs, ';' or ','. Quantities are whole numbers
 * of units (a decimal comma is refused, not guessed). Valid lines are added to the cart; every
 * other line comes back with its number and the reason.
 */

/** Lines a caller may add at once. */
export const QUICK_ORDER_MAX_LINES = 500;

const text = serverTranslator('CartApi');

export interface QuickOrderLine {
  line: number;
  text: string;
  code: string;
  quantity: number;
}

/** Header-like first lines ('código;quantidade', 'code,qty') are skipped. */
const HEADER = /^(c[oó]digo|code|ref|refer[eê]ncia|artigo|model)/i;

/** One line of a quick order as sent: its number in the text or sheet, and its text. */
export interface QuickOrderInputLine {
  line: number;
  text: string;
}

/** Bounds of a quick-order file or paste (server/files/limits.ts): 2 MB, 500 lines and a header. */
export const QUICK_ORDER_FILE_LIMITS = tableLimits({
  maxBytes: 2 * 1024 * 1024,
  maxRows: QUICK_ORDER_MAX_LINES + 1,
  maxLines: 20 * QUICK_ORDER_MAX_LINES,
  maxLineChars: 10_000,
  maxCellChars: 1_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 48 * 1024 * 1024,
});

/** The lines of pasted text, numbered from 1; refuses a text of too many or too long lines. */
export function quickOrderLines(input: string): QuickOrderInputLine[] {
  const text = input.replace(/^\uFEFF/, '');
  checkTextShape(text, QUICK_ORDER_FILE_LIMITS);
  return text.split(/\r\n|\r|\n/).map((raw, index) => ({ line: index + 1, text: raw }));
}

/** Splits pasted text into lines to add and lines refused for their form. */
export function parseQuickOrderText(input: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  return parseQuickOrderLines(quickOrderLines(input));
}

/** Sorts numbered lines into lines to add and lines refused for their form. */
export function parseQuickOrderLines(rows: QuickOrderInputLine[]): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const { line, text: raw } of rows) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    const shown = trimmed.slice(0, 120);
    const tokens = trimmed.split(/[\s;,]+/).filter(Boolean);
    const code = tokens[0] ?? '';
    const rest = tokens.slice(1);
    if (lines.length === 0 && problems.length === 0 && HEADER.test(code) && !/^\d/.test(rest[0] ?? '')) continue;
    if (rest.length === 0) {
      problems.push({ line, text: shown, reason: text('quickMissingQuantity') });
      continue;
    }
    // "ABC 1,5" or "ABC;1,5" split into ['1', '5']; "ABC 1.5" stays one token.
    if (/\d[.,]\d/.test(trimmed.slice(code.length)) && (rest.length > 1 || /[.,]/.test(rest[0]!))) {
      problems.push({ line, text: shown, reason: text('quickDecimal') });
      continue;
    }
    if (rest.length > 1) {
      problems.push({ line, text: shown, reason: text('quickFormat') });
      continue;
    }
    const qty = rest[0]!;
    if (!/^\d{1,7}$/.test(qty) || Number(qty) < 1 || Number(qty) > MAX_PACKAGES) {
      problems.push({ line, text: shown, reason: text('quickBadQuantity', { max: groupedQuantity(MAX_PACKAGES) }) });
      continue;
    }
    lines.push({ line, text: shown, code, quantity: Number(qty) });
  }
  return { lines, problems };
}

/** `[1, 3, 4]` → `1, 3 e 4`. */
function lineList(lines: readonly number[]): string {
  return lines.length <= 1 ? lines.join('') : `${lines.slice(0, -1).join(', ')} e ${lines[lines.length - 1]}`;
}

/**
 * Lines of one code (whatever its case) given more than once in one paste or file become one
 * line with the sum of their quantities, at the place of the first (a code pasted twice
 * is added once, and the result says so). A sum past the maximum is refused like any other
 * quantity, as one line.
 */
export function mergeRepeatedCodes(lines: readonly QuickOrderLine[]): { lines: QuickOrderLine[]; merged: QuickOrderMerge[]; problems: QuickOrderProblem[] } {
  const groups = new Map<string, QuickOrderLine[]>();
  for (const line of lines) {
    const key = line.code.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  const out: QuickOrderLine[] = [];
  const merged: QuickOrderMerge[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    if (group.length === 1) {
      out.push(first);
      continue;
    }
    const quantity = group.reduce((sum, l) => sum + l.quantity, 0);
    const numbers = group.map((l) => l.line);
    const note = text('quickSummed', { code: first.code, lines: lineList(numbers), quantity });
    merged.push({ code: first.code, lines: numbers, quantity, text: note });
    const summed = { line: first.line, text: `${first.code} ${quantity}`, code: first.code, quantity };
    if (quantity > MAX_PACKAGES) problems.push({ line: summed.line, text: summed.text, reason: `${note} ${text('quickBadQuantity', { max: groupedQuantity(MAX_PACKAGES) })}` });
    else out.push(summed);
  }
  return { lines: out, merged, problems };
}

/**
 * An uploaded CSV (text in any encoding a spreadsheet saves) or XLSX (first sheet, first two
 * columns) as numbered lines, read within QUICK_ORDER_FILE_LIMITS: the lines keep the sheet's row
 * numbers, so problems are reported where the customer sees them.
 */
export async function quickOrderLinesFromFile(name: string, bytes: Uint8Array): Promise<QuickOrderInputLine[]> {
  if (!/\.(xlsx|csv|txt)$/i.test(name)) throw new AppError({ code: 'unsupported_media_type', key: 'CartApi.quickFileType' });
  try {
    if (/\.xlsx$/i.test(name) || isZip(bytes)) {
      const rows = await readTableFile(bytes, QUICK_ORDER_FILE_LIMITS, name);
      return rows.map(({ line, values }) => ({ line, text: `${(values[0] ?? '').trim()};${(values[1] ?? '').trim()}` }));
    }
    if (bytes.length > QUICK_ORDER_FILE_LIMITS.maxBytes) throw tooLargeError(QUICK_ORDER_FILE_LIMITS.maxBytes);
    return quickOrderLines(decodeText(bytes));
  } catch (err) {
    if (isFileError(err) && err.key === 'Files.tooManyRows') throw new AppError({ code: 'payload_too_large', key: 'CartApi.quickTooMany', values: { max: QUICK_ORDER_MAX_LINES } });
    throw err;
  }
}

/**
 * Adds the valid lines of the input to the cart; lists the others with their reason. `readInput`
 * (the request's text or file) is only called once the cart is known to be the caller's: a file
 * sent to a cart that does not exist is never read.
 */
export async function quickOrder(cartId: string, caller: CartCaller, readInput: () => Promise<string | QuickOrderInputLine[]>): Promise<QuickOrderResult> {
  const cart = await findCart(cartId, caller);
  if (!cart) throw new AppError({ code: 'not_found', key: 'CartApi.cartNotFound' });
  const input = await readInput();
  const rows = typeof input === 'string' ? quickOrderLines(input) : input;
  const nonEmpty = rows.filter((l) => l.text.trim() && l.text.trim() !== ';').length;
  if (nonEmpty > QUICK_ORDER_MAX_LINES + 1) {
    throw new AppError({ code: 'bad_request', key: 'CartApi.quickTooMany', values: { max: QUICK_ORDER_MAX_LINES } });
  }
  const parsed = parseQuickOrderLines(rows);
  const { lines, merged, problems: summedProblems } = mergeRepeatedCodes(parsed.lines);
  const problems = [...parsed.problems, ...summedProblems];
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
      const choices = nearestAllowedPackages(rule, line.quantity);
      problems.push({
        line: line.line,
        text: line.text,
        reason: text('quickPackMultiple', { increment: rule.increment, minimum: rule.minimum, choices: choices.join(' ou ') }),
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
  return { added, problems, merged };
}
