/**
 * How a line (cart, checkout, order, quote, job list, toast, mail, PDF) says which model it is
 * (item 3): the product's name, then only what tells this model apart from the
 * product's other models — the model name's own words (finish, size, connection…), the size
 * when those words do not already carry it, and the package when it holds more than one unit.
 * Each piece appears once ("300 mm", never "300 mm (300 mm)" or "· 300 mm · 300 mm").
 * Plain functions, safe on the server and in the browser.
 */
import { packageLabel } from './packages';
import type { CartItem } from './types';

export interface LineIdentity {
  /** The product's plain name (`products.name`), the start of its models' names. */
  productName: string;
  /** The model's name (`inventory_products.name`), often the product's name plus its own words. */
  modelName?: string | null;
  size?: string | null;
  /** Units per package of the line (1: sold by the unit, not named). */
  itemsPerPackage?: number | null;
}

const tidy = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const fold = (s: string) => tidy(s).toLocaleLowerCase('pt-PT');
/** Separators a model name may put between the product's name and its own words. */
const LEADING_SEPARATORS = /^[\s,;:·•|/–—-]+/u;

/**
 * The model name's own words: what follows the words it shares with the product's name (all of
 * them, or at least two — "Torneira … Zêzere Roca" against "Torneira … Zêzere cromada" leaves
 * "cromada"), else the whole model name (an ERP's "TORN LAV ZEZ CROM").
 */
function ownWords(productName: string, modelName: string): string {
  const product = tidy(productName).split(' ').filter(Boolean);
  const model = tidy(modelName).split(' ').filter(Boolean);
  if (!model.length) return '';
  let shared = 0;
  while (shared < product.length && shared < model.length && fold(product[shared]!) === fold(model[shared]!)) shared++;
  if (shared === model.length) return '';
  if (shared < product.length && shared < 2) return model.join(' ');
  return model.slice(shared).join(' ').replace(LEADING_SEPARATORS, '').trim();
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Where `part` stands in `text` as whole words ("16 mm" is in "PEX 16 mm", not in "116 mm"); -1 when it does not. */
function wordsAt(text: string, part: string): number {
  const haystack = fold(text);
  const needle = fold(part);
  for (let from = 0; ; ) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return -1;
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) return at;
    from = at + 1;
  }
}

/** True when `text` holds `part` as whole words (an empty `part` is held by anything). */
function holds(text: string, part: string): boolean {
  return !fold(part) || wordsAt(text, part) >= 0;
}

/** `text` without the first whole-word occurrence of `part`, separators around it tidied. */
function withoutWords(text: string, part: string): string {
  const at = wordsAt(text, part);
  if (at < 0) return text;
  const rest = `${text.slice(0, at)} ${text.slice(at + fold(part).length)}`;
  return tidy(rest.replace(/\(\s*\)/g, '')).replace(LEADING_SEPARATORS, '').replace(/[\s,;:·•|/–—-]+$/u, '').trim();
}

/** The pieces that tell the line's model apart, each once, in order: own words, size, package. */
export function lineVariantParts(line: LineIdentity): string[] {
  const parts: string[] = [];
  const size = tidy(line.size);
  let own = ownWords(line.productName, line.modelName ?? '');
  // The size is said once, in its own place: taken out of the model's words ("3/4\" 300 mm" → "3/4\"").
  if (size && own && holds(own, size)) own = withoutWords(own, size);
  if (own) parts.push(own);
  if (size && !holds(line.productName, size)) parts.push(size);
  const per = line.itemsPerPackage ?? 1;
  if (per > 1) parts.push(packageLabel(per));
  return parts;
}

/** The distinguishing text, e.g. "em inox escovado" or "32 mm · Embalagem de 10" ('' when the product has nothing else to say). */
export function lineVariantText(line: LineIdentity, separator = ' · '): string {
  return lineVariantParts(line).join(separator);
}

/**
 * The line's full name for accessible names and toasts: "Torneira … Zêzere (CRX-66470, cromada)".
 * `displayName`: the name the page shows as the line's title (an SEO name), else the product's name.
 */
export function lineLabel(line: LineIdentity & { code?: string | null; displayName?: string | null }): string {
  const name = tidy(line.displayName) || tidy(line.productName) || tidy(line.modelName);
  const extra = [tidy(line.code), lineVariantText(line, ', ')].filter(Boolean).join(', ');
  return extra ? `${name} (${extra})` : name;
}

/**
 * The line's name in the accessible names of its controls (quantity, −/+, remove, select): code
 * first, then the distinguishing text, then the title — "CRX-66470, cromada — Torneira … Zêzere".
 * Two models of one product never share it.
 */
export function lineControlLabel(line: LineIdentity & { code?: string | null; displayName?: string | null }): string {
  const name = tidy(line.displayName) || tidy(line.productName) || tidy(line.modelName);
  const head = [tidy(line.code), lineVariantText(line, ', ')].filter(Boolean).join(', ');
  return head ? (name ? `${head} — ${name}` : head) : name;
}

/** A cart line (cart page, dropdown, checkout review) as a `LineIdentity`, with its code and shown title. */
export function cartLineIdentity(item: CartItem): LineIdentity & { code: string | null; displayName: string | null } {
  const product = item.product;
  return {
    productName: product?.product_category_details.name ?? '',
    modelName: product?.name ?? null,
    size: product?.size ?? null,
    itemsPerPackage: item.items_per_package,
    code: product?.code ?? null,
    displayName: product ? product.seo_optimized_name || product.product_category_details.name || product.name : null,
  };
}
