import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { allowsQuantity, MAX_PACKAGES, MIN_PACKAGES, packageLabel, packageSizes, quantityRule, type QuantityRule } from '@/lib/cart/packages';
import type { MessageValues } from '@/lib/errors';
import { AppError } from '@/server/errors';
import { onCacheInvalidation } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { DbOrTx } from '@/server/db/client';
import { inventoryProducts, products } from '@/server/db/schema';

/** What a cart line may be: the model sold today, one of its packages, a quantity its pack rule allows (spec 4), checked for every add, change, merge and order. */

export interface LineInput {
  modelId: number;
  packageType: string;
  itemsPerPackage: number;
  packages: number;
}

/** The facts of a model the cart needs before adding it (active model of an active product). */
interface ModelFacts {
  id: number;
  code: string;
  packages: number[];
  rule: QuantityRule;
}

const MODEL_MEMO = Symbol.for('cag.cart.models');

interface ModelMemo {
  facts: Map<number, ModelFacts | null>;
  /** Bumped by every invalidation: a read that straddles one does not keep its result. */
  generation: number;
}

/** Model facts by id, kept until the catalogue changes (catalogue data, the same for everyone). */
function modelMemo(): ModelMemo {
  const g = globalThis as { [MODEL_MEMO]?: ModelMemo };
  if (!g[MODEL_MEMO]) {
    const memo: ModelMemo = { facts: new Map(), generation: 0 };
    g[MODEL_MEMO] = memo;
    onCacheInvalidation((tags) => {
      if (tags.includes(cacheTags.catalogue) || tags.some((t) => t.startsWith('product:'))) {
        memo.facts.clear();
        memo.generation++;
      }
    });
  }
  return g[MODEL_MEMO];
}

export async function activeModel(db: DbOrTx, modelId: number): Promise<ModelFacts | null> {
  const memo = modelMemo();
  if (memo.facts.has(modelId)) return memo.facts.get(modelId) ?? null;
  const generation = memo.generation;
  const facts = await readActiveModel(db, modelId);
  if (memo.generation === generation) {
    if (memo.facts.size > 100_000) memo.facts.clear();
    memo.facts.set(modelId, facts);
  }
  return facts;
}

/** A model's code, package sizes and pack rule: what adds, updates and orders check. */
const MODEL_RULE_COLUMNS = {
  id: inventoryProducts.id,
  code: inventoryProducts.code,
  small: inventoryProducts.smallPackage,
  medium: inventoryProducts.mediumPackage,
  large: inventoryProducts.largePackage,
  salesMinimum: inventoryProducts.salesMinimum,
  salesIncrement: inventoryProducts.salesIncrement,
};

async function readActiveModel(db: DbOrTx, modelId: number): Promise<ModelFacts | null> {
  const [row] = await db
    .select(MODEL_RULE_COLUMNS)
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(eq(inventoryProducts.id, modelId), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    packages: packageSizes({ small_package: row.small, medium_package: row.medium, large_package: row.large }),
    rule: quantityRule({ sales_minimum: row.salesMinimum, sales_increment: row.salesIncrement }),
  };
}

/** The 400 of a quantity the model does not allow, with the allowed values. */
export function quantityError(rule: QuantityRule, itemsPerPackage: number): AppError {
  const packs = rule.increment > 1 || rule.minimum > 1;
  const key = packs ? 'CartApi.packMultiple' : 'CartApi.quantityRange';
  return new AppError({
    code: 'bad_request',
    key,
    ...(packs ? { values: { increment: rule.increment, minimum: rule.minimum } } : {}),
    fieldErrors: { quantity_of_packages: [key] },
    details: {
      allowed: [`minimum=${rule.minimum}`, `increment=${rule.increment}`, `items_per_package=${itemsPerPackage}`],
    },
  });
}

/** The 400 of a count of packages outside 1 to the maximum. */
export function quantityRangeError(): AppError {
  return new AppError({ code: 'bad_request', key: 'CartApi.quantityRange', fieldErrors: { quantity_of_packages: ['CartApi.quantityRange'] } });
}

/** `9999` → `9 999` (the pt-PT grouping the shop's texts use for quantities). */
export function groupedQuantity(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * The 400 of an add that would take a line past the maximum of packages: how many the line has,
 * and how many can still be added (the largest count the pack rule allows within the maximum),
 * also in `details.allowed` (`max_add=N`).
 */
export function lineMaximumError(rule: QuantityRule, itemsPerPackage: number, current: number, requested: number): AppError {
  let remaining = MAX_PACKAGES - current;
  while (remaining > 0 && !allowsQuantity(rule, current + remaining, itemsPerPackage)) remaining--;
  const key = remaining > 0 ? 'CartApi.lineMaximum' : 'CartApi.lineMaximumFull';
  const values: MessageValues =
    remaining > 0
      ? { current: groupedQuantity(current), max: groupedQuantity(MAX_PACKAGES), requested: groupedQuantity(requested), remaining: groupedQuantity(remaining) }
      : { max: groupedQuantity(MAX_PACKAGES) };
  return new AppError({
    code: 'bad_request',
    key,
    values,
    fieldErrors: { quantity_of_packages: [key] },
    details: { allowed: [`max_add=${remaining}`, `in_cart=${current}`, `maximum=${MAX_PACKAGES}`] },
  });
}

/** The 400 of a package size the model does not have, with the sizes it has. */
function packageError(packages: readonly number[]): AppError {
  return new AppError({
    code: 'bad_request',
    key: 'CartApi.packageUnknown',
    fieldErrors: { items_per_package: ['CartApi.packageUnknown'] },
    details: { allowed: ['1', ...packages.map(String)] },
  });
}

/** What a line check needs of a model: its package sizes and its pack rule. */
export interface LineRuleFacts {
  packages: readonly number[];
  rule: QuantityRule;
}

/**
 * Why `packages` packages of `itemsPerPackage` units break the model's rules today (the 400 the
 * cart answers), or null when the line keeps them: a package size the model has (the unit always),
 * a whole count of packages from 1 to the maximum, and units its pack rule allows.
 */
export function lineRuleError(model: LineRuleFacts, itemsPerPackage: number, packages: number): AppError | null {
  if (itemsPerPackage !== 1 && !model.packages.includes(itemsPerPackage)) return packageError(model.packages);
  if (!Number.isInteger(packages) || packages < MIN_PACKAGES || packages > MAX_PACKAGES) return quantityRangeError();
  if (!allowsQuantity(model.rule, packages, itemsPerPackage)) return quantityError(model.rule, itemsPerPackage);
  return null;
}

/** The package sizes and pack rules of models by id, read now (whatever their status). */
export async function modelRules(db: DbOrTx, modelIds: readonly number[]): Promise<Map<number, LineRuleFacts & { code: string }>> {
  const ids = [...new Set(modelIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(MODEL_RULE_COLUMNS)
    .from(inventoryProducts)
    .where(inArray(inventoryProducts.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        code: r.code,
        packages: packageSizes({ small_package: r.small, medium_package: r.medium, large_package: r.large }),
        rule: quantityRule({ sales_minimum: r.salesMinimum, sales_increment: r.salesIncrement }),
      },
    ]),
  );
}

/**
 * A line as a client asks for it: the model, which of its packages (`itemsPerPackage`, one of
 * the model's sizes; the unit when absent) and how many. The package's label is not part of it:
 * the server names the package from the model's data (`packageLabel`), whatever label a client
 * sends.
 */
export interface AddItemInput {
  modelId: number;
  itemsPerPackage?: number;
  packages: number;
}

/** Checks a line's model, package and quantity; the normalised line (with the server's package label) and the model's rule, or an AppError. */
export async function checkedLine(db: DbOrTx, input: AddItemInput): Promise<LineInput & { code: string; rule: QuantityRule }> {
  const model = await activeModel(db, input.modelId);
  if (!model) throw new AppError({ code: 'not_found', key: 'CartApi.modelNotFound' });
  const per = input.itemsPerPackage ?? 1;
  const refused = lineRuleError(model, per, input.packages);
  if (refused) throw refused;
  return { modelId: model.id, code: model.code, packageType: packageLabel(per), itemsPerPackage: per, packages: input.packages, rule: model.rule };
}
