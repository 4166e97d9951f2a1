/**
 * Package options of a model (spec 5): `small_package`, `medium_package`, `large_package` hold
 * strings such as `10`, `10/50` or `-`. A string splits on '/'; '-' or empty means a single unit.
 */
export interface PackageOption {
  /** 'Unidade', or the package size label ('Embalagem de 10'). */
  type: string;
  itemsPerPackage: number;
}

export const UNIT_PACKAGE = 'Unidade';

/** `'10/50'` → `[10, 50]`; `'-'`, `''`, null → `[]` (a single unit). Only whole numbers ≥ 2 count. */
export function splitPackage(value: string | null | undefined): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split('/')) {
    const n = Number(part.trim().replace(',', '.'));
    if (Number.isInteger(n) && n >= 2 && n <= 100_000 && !out.includes(n)) out.push(n);
  }
  return out;
}

type PackageFields = { small_package?: string | null; medium_package?: string | null; large_package?: string | null };

/** The distinct package sizes of a model, smallest first (the unit is always possible). */
export function packageSizes(model: PackageFields): number[] {
  const sizes = [...splitPackage(model.small_package), ...splitPackage(model.medium_package), ...splitPackage(model.large_package)];
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/**
 * The label of a package of `itemsPerPackage` units, as the shop names it: 'Unidade', or
 * 'Embalagem de 10'. The server stores and prints only this (never a label a client sends).
 */
export function packageLabel(itemsPerPackage: number): string {
  return itemsPerPackage === 1 ? UNIT_PACKAGE : `Embalagem de ${itemsPerPackage}`;
}

/** The package options of a model: the unit, then each package size, smallest first. */
export function packageOptions(model: PackageFields): PackageOption[] {
  return [1, ...packageSizes(model)].map((n) => ({ type: packageLabel(n), itemsPerPackage: n }));
}

/** Quantity rules of a model sold in packs (units): at least `minimum`, multiples of `increment`. */
export interface QuantityRule {
  minimum: number;
  increment: number;
}

export const MIN_PACKAGES = 1;
export const MAX_PACKAGES = 9999;

export function quantityRule(model: { sales_minimum?: number | null; sales_increment?: number | null }): QuantityRule {
  const increment = model.sales_increment && model.sales_increment > 1 ? model.sales_increment : 1;
  const minimum = Math.max(increment, model.sales_minimum && model.sales_minimum > 1 ? model.sales_minimum : 1);
  return { minimum, increment };
}

/** True when `packages × itemsPerPackage` units respect the rule. */
export function allowsQuantity(rule: QuantityRule, packages: number, itemsPerPackage = 1): boolean {
  const units = packages * itemsPerPackage;
  return units >= rule.minimum && units % rule.increment === 0;
}

/**
 * The smallest number of packages ≥ `packages` whose units respect the rule (the picker rounds
 * up with a notice); null when no count up to the maximum does.
 */
export function roundUpPackages(rule: QuantityRule, packages: number, itemsPerPackage = 1): number | null {
  let n = Math.max(MIN_PACKAGES, Math.ceil(packages));
  for (; n <= MAX_PACKAGES; n++) if (allowsQuantity(rule, n, itemsPerPackage)) return n;
  return null;
}

/**
 * The largest number of packages ≤ `packages` (and ≤ the maximum) whose units respect the rule
 * (a merge of two carts rounds down, and says so); null when no count from 1 up does.
 */
export function roundDownPackages(rule: QuantityRule, packages: number, itemsPerPackage = 1): number | null {
  for (let n = Math.min(MAX_PACKAGES, Math.floor(packages)); n >= MIN_PACKAGES; n--) if (allowsQuantity(rule, n, itemsPerPackage)) return n;
  return null;
}

/**
 * The nearest counts of packages (at most two: the one below and the one above `packages`, within
 * 1 to the maximum) whose units the rule allows: what a customer who typed a count the rule
 * refuses is offered instead ("10 ou 20?"). Below the minimum there is nothing below, so the
 * two smallest allowed counts are offered; near the maximum only the one below.
 */
export function nearestAllowedPackages(rule: QuantityRule, packages: number, itemsPerPackage = 1): number[] {
  const below = packages > MIN_PACKAGES ? roundDownPackages(rule, packages - 1, itemsPerPackage) : null;
  const above = packages < MAX_PACKAGES ? roundUpPackages(rule, packages + 1, itemsPerPackage) : null;
  if (below !== null && above !== null) return [below, above];
  if (above !== null) {
    const next = above < MAX_PACKAGES ? roundUpPackages(rule, above + 1, itemsPerPackage) : null;
    return next === null ? [above] : [above, next];
  }
  return below === null ? [] : [below];
}

/**
 * What a typed quantity (the text of a quantity box, as typed: never rewritten) means:
 * - `empty`: nothing typed yet (allowed while typing; refused on add);
 * - `invalid`: not a whole number from 1 to the maximum ('2,5', '2.5', '-1', '1e9', 'abc', '10 un', '99999');
 * - `pack`: a whole number in range that the model's pack rule refuses, with the nearest allowed counts;
 * - `ok`: the count to send.
 * Spaces around the digits are ignored; nothing else is.
 */
export type QuantityCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'pack'; quantity: number; choices: number[] }
  | { kind: 'ok'; quantity: number };

export function checkQuantity(text: string, rule?: QuantityRule | null, itemsPerPackage = 1): QuantityCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d{1,7}$/.test(trimmed)) return { kind: 'invalid' };
  const quantity = Number(trimmed);
  if (quantity < MIN_PACKAGES || quantity > MAX_PACKAGES) return { kind: 'invalid' };
  if (rule && !allowsQuantity(rule, quantity, itemsPerPackage)) return { kind: 'pack', quantity, choices: nearestAllowedPackages(rule, quantity, itemsPerPackage) };
  return { kind: 'ok', quantity };
}

/**
 * Above these a quantity is confirmed before it is added or saved (a dialog names the quantity
 * and, when a price is known, the value): a typo of one more digit costs a trade customer a
 * pallet. Units counted as packages × items per package; value as shown to the customer.
 */
export const CONFIRM_UNITS = 1_000;
export const CONFIRM_VALUE_EUR = 5_000;

/** True when `units` (or their value, when known) is at or above the confirmation threshold. */
export function needsQuantityConfirmation(units: number, value: number | null | undefined): boolean {
  return units >= CONFIRM_UNITS || (typeof value === 'number' && Number.isFinite(value) && value >= CONFIRM_VALUE_EUR);
}

/**
 * The packages the picker lists for a model: its package sizes, and the unit only when the
 * model may be bought by the unit (a model sold in tens does not offer 'Unidade').
 */
export function offeredPackageSizes(model: PackageFields & { sales_minimum?: number | null; sales_increment?: number | null }): number[] {
  const rule = quantityRule(model);
  const sizes = packageSizes(model);
  return rule.increment > 1 || rule.minimum > 1 ? sizes : [1, ...sizes];
}
