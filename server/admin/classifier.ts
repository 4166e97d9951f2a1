import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONFIDENT_AT, suggestForFamily, suggestForProduct, type AutoSuggestion } from '@/lib/catalogue/google-classifier';
import { foldText, googleCategory } from '@/lib/catalogue/google-taxonomy';
import { splitKeywords, type ClassifierApplyInput, type ClassifierAssignInput, type ClassifierRuleInput } from '@/lib/validation/admin-classifier';
import type { DbOrTx } from '@/server/db/client';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { MERCHANT_FEED_TAG } from '@/server/catalogue/feed';
import { getDb } from '@/server/db/client';
import { chapters, families, googleCategoryRules, products } from '@/server/db/schema';

/**
 * The Google category classifier (issues 13 and 23, /admin/google-category-classifier): which
 * families and products have a Google product category for the Merchant feed, assigning one (to
 * many families at once, or to one product as an override of its family's), and a suggestion
 * beside each unclassified row: the staff's keyword rules first, else the built-in classifier
 * (lib/catalogue/google-classifier.ts: the title, chapter and products' names), each with a
 * confidence. "Aplicar as sugestões" applies the confident ones (≥ CONFIDENT_AT), recomputed here.
 * A product without its own category takes its family's; the feed falls back to the spec's 5181
 * (server/catalogue/feed.ts).
 */

export const CLASSIFIER_PAGE_SIZE = 50;

export interface ClassifierRule {
  id: number;
  keywords: string[];
  keywordsText: string;
  categoryId: number;
  categoryPath: string;
  priority: number;
  version: number;
}

/** A staff rule's match (`suggestCategory`). */
export interface RuleMatch {
  ruleId: number;
  categoryId: number;
  categoryPath: string;
  keyword: string;
}

/** The suggestion shown beside an unclassified row. */
export interface Suggestion {
  categoryId: number;
  categoryPath: string;
  /** 0 to 1: a staff rule is 1; the classifier's is the share of the evidence that agrees. */
  confidence: number;
  /** ≥ CONFIDENT_AT: applied by "Aplicar as sugestões". */
  confident: boolean;
  /** 'rule': a staff keyword rule; 'auto': the built-in classifier. */
  source: 'rule' | 'auto';
  /** A rule's keyword. */
  keyword?: string;
  ruleId?: number;
  /** The classifier's evidence: did the title agree, how many products did. */
  titleAgrees?: boolean;
  productsAgreeing?: number;
  productsTotal?: number;
}

export { CONFIDENT_AT };

export async function listRules(): Promise<ClassifierRule[]> {
  const db = await getDb();
  const rows = await db.select().from(googleCategoryRules).orderBy(desc(googleCategoryRules.priority), asc(googleCategoryRules.id));
  return rows.map((r) => ({
    id: r.id,
    keywords: splitKeywords(r.keywords),
    keywordsText: r.keywords,
    categoryId: r.categoryId,
    categoryPath: googleCategory(r.categoryId)?.path ?? String(r.categoryId),
    priority: r.priority,
    version: r.version,
  }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The rule that matches `name` best: a keyword found as a whole word or phrase (plural 's'/'es'
 * allowed) of the name, both folded (lower case, no accents: "válvula" = "valvula"). The highest
 * priority wins; then the longest keyword; then the oldest rule.
 */
export function suggestCategory(name: string, rules: readonly ClassifierRule[]): RuleMatch | null {
  const text = foldText(name);
  let best: { rule: ClassifierRule; keyword: string } | null = null;
  for (const rule of rules) {
    for (const keyword of rule.keywords) {
      const folded = foldText(keyword);
      if (!folded) continue;
      const pattern = new RegExp(`(^|[^a-z0-9])${escapeRegExp(folded)}(s|es)?([^a-z0-9]|$)`);
      if (!pattern.test(text)) continue;
      if (
        !best ||
        rule.priority > best.rule.priority ||
        (rule.priority === best.rule.priority && keyword.length > best.keyword.length) ||
        (rule.priority === best.rule.priority && keyword.length === best.keyword.length && rule.id < best.rule.id)
      )
        best = { rule, keyword };
    }
  }
  return best ? { ruleId: best.rule.id, categoryId: best.rule.categoryId, categoryPath: best.rule.categoryPath, keyword: best.keyword } : null;
}

function fromRule(match: RuleMatch): Suggestion {
  return { categoryId: match.categoryId, categoryPath: match.categoryPath, confidence: 1, confident: true, source: 'rule', keyword: match.keyword, ruleId: match.ruleId };
}

function fromAuto(s: AutoSuggestion | null): Suggestion | null {
  const category = s ? googleCategory(s.categoryId) : null;
  if (!s || !category) return null;
  return {
    categoryId: s.categoryId,
    categoryPath: category.path,
    confidence: s.confidence,
    confident: s.confidence >= CONFIDENT_AT,
    source: 'auto',
    titleAgrees: s.titleMatch !== null,
    productsAgreeing: s.productsAgreeing,
    productsTotal: s.productsTotal,
  };
}

/** A family's suggestion: a staff rule on its title, else the classifier on title, chapter and products. */
export function familySuggestion(f: { title: string; chapterTitle: string; productNames: readonly string[] }, rules: readonly ClassifierRule[]): Suggestion | null {
  const rule = suggestCategory(f.title, rules);
  return rule ? fromRule(rule) : fromAuto(suggestForFamily(f));
}

/** A product's suggestion: a staff rule on its name, else the classifier on name, family and chapter. */
export function productSuggestion(p: { name: string; familyTitle: string; chapterTitle: string }, rules: readonly ClassifierRule[]): Suggestion | null {
  const rule = suggestCategory(p.name, rules);
  return rule ? fromRule(rule) : fromAuto(suggestForProduct(p));
}

/** Active products' names of these families, by family id. */
async function productNamesOf(db: DbOrTx, familyIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (familyIds.length === 0) return out;
  const rows = await db
    .select({ familyId: products.familyId, name: products.name })
    .from(products)
    .where(and(inArray(products.familyId, [...familyIds]), eq(products.active, true)))
    .orderBy(asc(products.id));
  for (const r of rows) out.set(r.familyId, [...(out.get(r.familyId) ?? []), r.name]);
  return out;
}

export interface ClassifierFamilyRow {
  id: number;
  code: string;
  title: string;
  chapterTitle: string;
  productCount: number;
  categoryId: number | null;
  categoryPath: string | null;
  suggestion: Suggestion | null;
}

export interface ClassifierProductRow {
  id: number;
  productCode: string;
  name: string;
  familyTitle: string;
  categoryId: number | null;
  categoryPath: string | null;
  familyCategoryId: number | null;
  familyCategoryPath: string | null;
  version: number;
  suggestion: Suggestion | null;
}

function likeOf(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function pathOf(id: number | null): string | null {
  return id == null ? null : (googleCategory(id)?.path ?? `#${id}`);
}

async function listFamilies(classified: boolean, q: string | undefined, page: number, pageSize: number): Promise<{ items: ClassifierFamilyRow[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [classified ? isNotNull(families.googleCategory) : isNull(families.googleCategory)];
  if (q?.trim()) where.push(or(ilike(families.title, likeOf(q.trim())), ilike(families.code, likeOf(q.trim())))!);
  const cond = and(...where);
  const productCount = sql<number>`(select count(*) from ${products} p where p.family_id = ${families.id} and p.active)`;
  const [rows, [{ total } = { total: 0 }], rules] = await Promise.all([
    db
      .select({ f: families, chapterTitle: chapters.title, productCount })
      .from(families)
      .innerJoin(chapters, eq(chapters.code, families.chapterCode))
      .where(cond)
      .orderBy(asc(chapters.sortOrder), asc(families.title), asc(families.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(families).where(cond),
    classified ? Promise.resolve([] as ClassifierRule[]) : listRules(),
  ]);
  const names = classified ? new Map<number, string[]>() : await productNamesOf(db, rows.map((r) => r.f.id));
  return {
    total: Number(total),
    items: rows.map(({ f, chapterTitle, productCount: n }) => ({
      id: f.id,
      code: f.code,
      title: f.title,
      chapterTitle,
      productCount: Number(n),
      categoryId: f.googleCategory,
      categoryPath: pathOf(f.googleCategory),
      suggestion: classified ? null : familySuggestion({ title: f.title, chapterTitle, productNames: names.get(f.id) ?? [] }, rules),
    })),
  };
}

async function listProducts(classified: boolean, q: string | undefined, page: number, pageSize: number): Promise<{ items: ClassifierProductRow[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [eq(products.active, true)];
  // Classified: a category of their own or their family's (an own one can be set over the family's).
  if (classified) where.push(or(isNotNull(products.googleCategory), isNotNull(families.googleCategory))!);
  else where.push(isNull(products.googleCategory), isNull(families.googleCategory));
  if (q?.trim()) where.push(or(ilike(products.name, likeOf(q.trim())), ilike(products.productCode, likeOf(q.trim())))!);
  const cond = and(...where);
  const [rows, [{ total } = { total: 0 }], rules] = await Promise.all([
    db
      .select({
        p: { id: products.id, productCode: products.productCode, name: products.name, googleCategory: products.googleCategory, version: products.version },
        familyTitle: families.title,
        familyCategory: families.googleCategory,
        chapterTitle: chapters.title,
      })
      .from(products)
      .innerJoin(families, eq(families.id, products.familyId))
      .innerJoin(chapters, eq(chapters.code, families.chapterCode))
      .where(cond)
      .orderBy(asc(products.name), asc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(products).innerJoin(families, eq(families.id, products.familyId)).where(cond),
    classified ? Promise.resolve([] as ClassifierRule[]) : listRules(),
  ]);
  return {
    total: Number(total),
    items: rows.map(({ p, familyTitle, familyCategory, chapterTitle }) => ({
      id: p.id,
      productCode: p.productCode,
      name: p.name,
      familyTitle,
      categoryId: p.googleCategory,
      categoryPath: pathOf(p.googleCategory),
      familyCategoryId: familyCategory,
      familyCategoryPath: pathOf(familyCategory),
      version: p.version,
      suggestion: classified ? null : productSuggestion({ name: p.name, familyTitle, chapterTitle }, rules),
    })),
  };
}

export interface ClassifierListOptions {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** Families without a category (their products have none unless they carry their own). */
export function listUnclassifiedFamilies(o: ClassifierListOptions = {}) {
  return listFamilies(false, o.q, Math.max(1, o.page ?? 1), o.pageSize ?? CLASSIFIER_PAGE_SIZE);
}
/** Active products with no category of their own nor of their family. */
export function listUnclassifiedProducts(o: ClassifierListOptions = {}) {
  return listProducts(false, o.q, Math.max(1, o.page ?? 1), o.pageSize ?? CLASSIFIER_PAGE_SIZE);
}
export function listClassifiedFamilies(o: ClassifierListOptions = {}) {
  return listFamilies(true, o.q, Math.max(1, o.page ?? 1), o.pageSize ?? CLASSIFIER_PAGE_SIZE);
}
/** Active products with a category, their own (an override of their family's) or their family's. */
export function listClassifiedProducts(o: ClassifierListOptions = {}) {
  return listProducts(true, o.q, Math.max(1, o.page ?? 1), o.pageSize ?? CLASSIFIER_PAGE_SIZE);
}

/**
 * Sets (or clears, with null) the category of families or products, inside `tx`: each changed
 * record gets its audit entry; products take a new version (a product form open elsewhere is then
 * refused rather than putting the old category back). Returns how many changed; their cache tags
 * are added to `tags`.
 */
async function assignInTx(tx: DbOrTx, actor: AuditActor, kind: 'family' | 'product', ids: readonly number[], categoryId: number | null, tags: string[], why = ''): Promise<number> {
  const category = categoryId === null ? null : googleCategory(categoryId);
  const label = `${category ? `${category.id} · ${category.path}` : 'sem categoria'}${why}`;
  let n = 0;
  if (kind === 'family') {
    const rows = await tx.select({ id: families.id, code: families.code, title: families.title, googleCategory: families.googleCategory }).from(families).where(inArray(families.id, [...ids])).for('update');
    if (rows.length !== ids.length) throw new AppError({ code: 'not_found', key: 'Admin.Classifier.notFound' });
    for (const r of rows) {
      if (r.googleCategory === categoryId) continue;
      await tx.update(families).set({ googleCategory: categoryId, updatedAt: new Date() }).where(eq(families.id, r.id));
      await recordAudit(tx, { actor, entity: 'family', entityId: r.id, action: 'update', summary: `Categoria Google da família «${r.title}»: ${label}`, before: { googleCategory: r.googleCategory }, after: { googleCategory: categoryId } });
      tags.push(cacheTags.family(r.code));
      n++;
    }
  } else {
    const rows = await tx.select({ id: products.id, productCode: products.productCode, name: products.name, googleCategory: products.googleCategory, version: products.version }).from(products).where(inArray(products.id, [...ids])).for('update');
    if (rows.length !== ids.length) throw new AppError({ code: 'not_found', key: 'Admin.Classifier.notFound' });
    for (const r of rows) {
      if (r.googleCategory === categoryId) continue;
      await tx.update(products).set({ googleCategory: categoryId, version: r.version + 1, updatedAt: new Date() }).where(eq(products.id, r.id));
      await recordAudit(tx, { actor, entity: 'product', entityId: r.id, action: 'update', summary: `Categoria Google do produto «${r.name}»: ${label}`, before: { googleCategory: r.googleCategory }, after: { googleCategory: categoryId } });
      tags.push(cacheTags.product(r.productCode));
      n++;
    }
  }
  return n;
}

/** Sets (or clears, with null) the category of families or products; the feed and the records' pages are invalidated. */
export async function assignCategory(actor: AuditActor, input: ClassifierAssignInput): Promise<{ changed: number }> {
  const ids = [...new Set(input.ids)];
  const db = await getDb();
  const tags: string[] = [MERCHANT_FEED_TAG];
  const changed = await db.transaction(async (tx) => {
    const n = await assignInTx(tx, actor, input.kind, ids, input.categoryId, tags);
    if (n > 0) await invalidateCache(tags, { db: tx, reason: 'google-category' });
    return n;
  });
  return { changed };
}

/**
 * "Aplicar as sugestões": gives each unclassified family (or product) among `ids` — every
 * unclassified family when `ids` is absent — its suggestion when that is confident
 * (≥ CONFIDENT_AT), recomputed here from the database, never taken from the browser. Records that
 * are classified meanwhile, or whose suggestion is not confident, are left as they are (`skipped`).
 * One transaction; each change audited as an applied suggestion.
 */
export async function applySuggestions(actor: AuditActor, input: ClassifierApplyInput): Promise<{ changed: number; skipped: number }> {
  const db = await getDb();
  const rules = await listRules();
  const tags: string[] = [MERCHANT_FEED_TAG];
  return db.transaction(async (tx) => {
    const plan = new Map<number, number[]>();
    let candidates = 0;
    if (input.kind === 'family') {
      const where: SQL[] = [isNull(families.googleCategory)];
      if (input.ids) where.push(inArray(families.id, [...new Set(input.ids)]));
      const rows = await tx
        .select({ id: families.id, title: families.title, chapterTitle: chapters.title })
        .from(families)
        .innerJoin(chapters, eq(chapters.code, families.chapterCode))
        .where(and(...where))
        .orderBy(asc(families.id));
      candidates = input.ids ? new Set(input.ids).size : rows.length;
      const names = await productNamesOf(tx, rows.map((r) => r.id));
      for (const r of rows) {
        const s = familySuggestion({ title: r.title, chapterTitle: r.chapterTitle, productNames: names.get(r.id) ?? [] }, rules);
        if (!s?.confident) continue;
        plan.set(s.categoryId, [...(plan.get(s.categoryId) ?? []), r.id]);
      }
    } else {
      const ids = [...new Set(input.ids ?? [])];
      candidates = ids.length;
      const rows = ids.length
        ? await tx
            .select({ id: products.id, name: products.name, familyTitle: families.title, chapterTitle: chapters.title })
            .from(products)
            .innerJoin(families, eq(families.id, products.familyId))
            .innerJoin(chapters, eq(chapters.code, families.chapterCode))
            .where(and(inArray(products.id, ids), isNull(products.googleCategory), isNull(families.googleCategory)))
        : [];
      for (const r of rows) {
        const s = productSuggestion(r, rules);
        if (!s?.confident) continue;
        plan.set(s.categoryId, [...(plan.get(s.categoryId) ?? []), r.id]);
      }
    }
    let changed = 0;
    for (const [categoryId, ids] of plan) changed += await assignInTx(tx, actor, input.kind, ids, categoryId, tags, ' (sugestão aplicada)');
    if (changed > 0) await invalidateCache(tags, { db: tx, reason: 'google-category' });
    return { changed, skipped: candidates - changed };
  });
}

const RULE_ENTITY = 'google_category_rule';

function ruleSnapshot(r: typeof googleCategoryRules.$inferSelect) {
  return { keywords: r.keywords, categoryId: r.categoryId, priority: r.priority };
}

function normaliseKeywords(text: string): string {
  return splitKeywords(text).join(', ');
}

export async function createRule(actor: AuditActor, input: ClassifierRuleInput): Promise<ClassifierRule> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [r] = await tx.insert(googleCategoryRules).values({ keywords: normaliseKeywords(input.keywords), categoryId: input.categoryId, priority: input.priority }).returning();
    await recordAudit(tx, { actor, entity: RULE_ENTITY, entityId: r!.id, action: 'create', summary: `Regra «${r!.keywords}» → ${r!.categoryId}`, after: ruleSnapshot(r!) });
    return r!;
  });
  return (await listRules()).find((r) => r.id === row.id)!;
}

export async function updateRule(actor: AuditActor, id: number, version: number, input: ClassifierRuleInput): Promise<ClassifierRule> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(googleCategoryRules).where(eq(googleCategoryRules.id, id)).for('update');
    if (!locked) throw new AppError({ code: 'not_found', key: 'Admin.Classifier.notFound' });
    assertVersion(version, locked.version, () => ruleSnapshot(locked));
    const [r] = await tx
      .update(googleCategoryRules)
      .set({ keywords: normaliseKeywords(input.keywords), categoryId: input.categoryId, priority: input.priority, version: locked.version + 1, updatedAt: new Date() })
      .where(eq(googleCategoryRules.id, id))
      .returning();
    await recordAudit(tx, { actor, entity: RULE_ENTITY, entityId: id, action: 'update', summary: `Regra «${r!.keywords}» alterada`, before: ruleSnapshot(locked), after: ruleSnapshot(r!) });
  });
  return (await listRules()).find((r) => r.id === id)!;
}

export async function deleteRule(actor: AuditActor, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(googleCategoryRules).where(eq(googleCategoryRules.id, id)).for('update');
    if (!locked) throw new AppError({ code: 'not_found', key: 'Admin.Classifier.notFound' });
    assertVersion(version, locked.version, () => ruleSnapshot(locked));
    await tx.delete(googleCategoryRules).where(eq(googleCategoryRules.id, id));
    await recordAudit(tx, { actor, entity: RULE_ENTITY, entityId: id, action: 'delete', summary: `Regra «${locked.keywords}» eliminada`, before: ruleSnapshot(locked) });
  });
}

/** Unclassified families whose suggestion is confident: what "Aplicar as sugestões" would change now. */
export async function countConfidentFamilySuggestions(): Promise<number> {
  const db = await getDb();
  const [rows, rules] = await Promise.all([
    db.select({ id: families.id, title: families.title, chapterTitle: chapters.title }).from(families).innerJoin(chapters, eq(chapters.code, families.chapterCode)).where(isNull(families.googleCategory)),
    listRules(),
  ]);
  const names = await productNamesOf(db, rows.map((r) => r.id));
  return rows.filter((r) => familySuggestion({ title: r.title, chapterTitle: r.chapterTitle, productNames: names.get(r.id) ?? [] }, rules)?.confident).length;
}

/** Counts of the tabs. */
export async function classifierCounts(): Promise<{ unclassifiedFamilies: number; unclassifiedProducts: number; classifiedFamilies: number; classifiedProducts: number; rules: number }> {
  const db = await getDb();
  const [[a], [b], [c], [d], [e]] = await Promise.all([
    db.select({ n: count() }).from(families).where(isNull(families.googleCategory)),
    db.select({ n: count() }).from(products).innerJoin(families, eq(families.id, products.familyId)).where(and(eq(products.active, true), isNull(products.googleCategory), isNull(families.googleCategory))),
    db.select({ n: count() }).from(families).where(isNotNull(families.googleCategory)),
    db.select({ n: count() }).from(products).innerJoin(families, eq(families.id, products.familyId)).where(and(eq(products.active, true), or(isNotNull(products.googleCategory), isNotNull(families.googleCategory)))),
    db.select({ n: count() }).from(googleCategoryRules),
  ]);
  return { unclassifiedFamilies: Number(a?.n ?? 0), unclassifiedProducts: Number(b?.n ?? 0), classifiedFamilies: Number(c?.n ?? 0), classifiedProducts: Number(d?.n ?? 0), rules: Number(e?.n ?? 0) };
}
