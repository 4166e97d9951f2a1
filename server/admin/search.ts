import 'server-only';
import { and, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { foldAccents } from '@/lib/search/normalize';
import { expandSynonyms } from '@/lib/search/synonyms';
import type { ProductSummary } from '@/lib/catalogue/types';
import type { SynonymInput } from '@/lib/validation/admin-synonym';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { searchLog, searchSynonyms, type SearchSynonym, type SynonymKind } from '@/server/db/schema';
import { searchProducts } from '@/server/search/engine';
import { getSynonymTable } from '@/server/search/synonym-store';
import { recordAudit, type AuditActor } from './audit';
import { assertVersion } from './versioning';

/**
 * Search tuning (/admin/search): the synonyms staff edit and the log of searches that
 * found nothing or little. Every write bumps the row's version (a save over a newer version is
 * refused), records an audit entry and invalidates the `search` tag in the same transaction, so
 * every instance reads the synonyms again and drops its cached search pages: an edit takes effect
 * at once, without a restart.
 */

export const SYNONYM_PAGE_SIZE = 50;
export const SEARCH_LOG_PAGE_SIZE = 50;
export const AUDIT_ENTITY = 'search_synonym';

export interface SynonymView {
  id: number;
  builtinKey: string | null;
  kind: SynonymKind;
  terms: string[];
  targets: string[];
  active: boolean;
  notes: string | null;
  chapterCode: number | null;
  createdBy: string | null;
  updatedBy: string | null;
  version: number;
  updatedAt: string;
}

function view(row: SearchSynonym): SynonymView {
  return {
    id: row.id,
    builtinKey: row.builtinKey,
    kind: row.kind,
    terms: row.terms,
    targets: row.targets,
    active: row.active,
    notes: row.notes,
    chapterCode: row.chapterCode,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the form edits, as the audit log and the stale refusal show them. */
function snapshot(row: Pick<SearchSynonym, 'kind' | 'terms' | 'targets' | 'active' | 'notes'>): Record<string, unknown> {
  return { kind: row.kind, terms: row.terms.join(', '), targets: row.targets.join(', '), active: row.active, notes: row.notes ?? '' };
}

export interface SynonymFilter {
  q?: string;
  kind?: SynonymKind;
  page: number;
}

export async function listSynonyms(filter: SynonymFilter): Promise<{ items: SynonymView[]; total: number }> {
  const db = await getDb();
  const conditions: SQL[] = [isNull(searchSynonyms.deletedAt)];
  if (filter.kind) conditions.push(eq(searchSynonyms.kind, filter.kind));
  const q = filter.q ? foldAccents(filter.q.trim()).slice(0, 80) : '';
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(immutable_unaccent(lower(array_to_string(${searchSynonyms.terms} || ${searchSynonyms.targets}, ' | '))) LIKE ${like}
        OR immutable_unaccent(lower(coalesce(${searchSynonyms.notes}, ''))) LIKE ${like})`,
    );
  }
  const where = and(...conditions);
  const offset = (Math.max(1, filter.page) - 1) * SYNONYM_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(searchSynonyms)
      .where(where)
      .orderBy(desc(searchSynonyms.updatedAt), desc(searchSynonyms.id))
      .limit(SYNONYM_PAGE_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms).where(where),
  ]);
  return { items: rows.map(view), total: Number(count?.n ?? 0) };
}

export async function getSynonym(id: number): Promise<SynonymView | null> {
  const db = await getDb();
  const [row] = await db.select().from(searchSynonyms).where(and(eq(searchSynonyms.id, id), isNull(searchSynonyms.deletedAt)));
  return row ? view(row) : null;
}

export async function countSynonymGroups(): Promise<{ total: number; builtin: number; active: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      builtin: sql<number>`count(*) FILTER (WHERE ${searchSynonyms.builtinKey} IS NOT NULL)::int`,
      active: sql<number>`count(*) FILTER (WHERE ${searchSynonyms.active})::int`,
    })
    .from(searchSynonyms)
    .where(isNull(searchSynonyms.deletedAt));
  return { total: Number(row?.total ?? 0), builtin: Number(row?.builtin ?? 0), active: Number(row?.active ?? 0) };
}

const actorName = (actor: AuditActor) => actor?.displayName || actor?.email || actor?.id || null;

/** Creates (no `id`) or updates a synonym group; returns it as saved. */
export async function saveSynonym(input: SynonymInput, actor: AuditActor): Promise<SynonymView> {
  const db = await getDb();
  const values = {
    kind: input.kind,
    terms: input.terms,
    targets: input.kind === 'one_way' ? input.targets : [],
    active: input.active,
    notes: input.notes || null,
  };
  return db.transaction(async (tx) => {
    let saved: SearchSynonym;
    if (input.id === undefined) {
      const [row] = await tx
        .insert(searchSynonyms)
        .values({ ...values, createdBy: actorName(actor), updatedBy: actorName(actor) })
        .returning();
      if (!row) throw new AppError({ code: 'internal_error', key: 'Errors.generic' });
      saved = row;
      await recordAudit(tx, { actor, entity: AUDIT_ENTITY, entityId: row.id, action: 'create', summary: `Sinónimo "${row.terms.join(', ')}" criado`, after: snapshot(row) });
    } else {
      const [current] = await tx
        .select()
        .from(searchSynonyms)
        .where(and(eq(searchSynonyms.id, input.id), isNull(searchSynonyms.deletedAt)))
        .for('update');
      if (!current) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
      assertVersion(input.version ?? 0, current.version, () => snapshot(current));
      const [row] = await tx
        .update(searchSynonyms)
        .set({ ...values, version: current.version + 1, updatedBy: actorName(actor), updatedAt: new Date() })
        .where(eq(searchSynonyms.id, current.id))
        .returning();
      if (!row) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
      saved = row;
      await recordAudit(tx, { actor, entity: AUDIT_ENTITY, entityId: row.id, action: 'update', summary: `Sinónimo "${row.terms.join(', ')}" alterado`, before: snapshot(current), after: snapshot(row) });
    }
    await invalidateCache([cacheTags.search], { db: tx, reason: 'sinónimos' });
    return view(saved);
  });
}

/**
 * Deletes a synonym group. The row stays (with `deleted_at`) so that a group of the shipped
 * vocabulary is not seeded again at the next start.
 */
export async function deleteSynonym(id: number, version: number, actor: AuditActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(searchSynonyms)
      .where(and(eq(searchSynonyms.id, id), isNull(searchSynonyms.deletedAt)))
      .for('update');
    if (!current) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
    assertVersion(version, current.version, () => snapshot(current));
    await tx
      .update(searchSynonyms)
      .set({ deletedAt: new Date(), version: current.version + 1, updatedBy: actorName(actor), updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id));
    await recordAudit(tx, { actor, entity: AUDIT_ENTITY, entityId: id, action: 'delete', summary: `Sinónimo "${current.terms.join(', ')}" eliminado`, before: snapshot(current) });
    await invalidateCache([cacheTags.search], { db: tx, reason: 'sinónimos' });
  });
}

// ---------------------------------------------------------------------------------------------
// The log of searches that found nothing or little

export interface SearchLogView {
  term: string;
  sample: string;
  count: number;
  lastResults: number;
  firstSeen: string;
  lastSeen: string;
}

/** Entries not dismissed (or searched again since), the most frequent first. */
export async function listSearchLog(page: number, options: { zeroOnly?: boolean } = {}): Promise<{ items: SearchLogView[]; total: number }> {
  const db = await getDb();
  const visible = or(isNull(searchLog.dismissedAt), sql`${searchLog.lastSeen} > ${searchLog.dismissedAt}`);
  const where = options.zeroOnly ? and(visible, eq(searchLog.lastResults, 0)) : visible;
  const offset = (Math.max(1, page) - 1) * SEARCH_LOG_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    db.select().from(searchLog).where(where).orderBy(desc(searchLog.count), desc(searchLog.lastSeen)).limit(SEARCH_LOG_PAGE_SIZE).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(searchLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({ term: r.term, sample: r.sample, count: r.count, lastResults: r.lastResults, firstSeen: r.firstSeen.toISOString(), lastSeen: r.lastSeen.toISOString() })),
    total: Number(count?.n ?? 0),
  };
}

/** Distinct searches without any result last seen since `since` (the admin dashboard's count). */
export async function countZeroResultSearches(since: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(searchLog)
    .where(and(eq(searchLog.lastResults, 0), gte(searchLog.lastSeen, since)));
  return Number(row?.n ?? 0);
}

/** Hides a logged term until it is searched again. */
export async function dismissSearchLogTerm(term: string, actor: AuditActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.update(searchLog).set({ dismissedAt: new Date() }).where(eq(searchLog.term, term)).returning();
    if (!row) throw new AppError({ code: 'not_found', key: 'Errors.notFound' });
    await recordAudit(tx, { actor, entity: 'search_log', entityId: term, action: 'other', summary: `Pesquisa "${term}" retirada da lista (${row.count} vezes)` });
  });
}

// ---------------------------------------------------------------------------------------------
// "Testar pesquisa"

export interface SearchTest {
  query: string;
  total: number;
  items: ProductSummary[];
  /** The synonym spans of the query: what was typed, then what it also finds. */
  expansions: string[][];
}

/** The top results of a query with the synonyms as they are now (nothing is logged). */
export async function testSearch(query: string, limit = 10): Promise<SearchTest> {
  const q = query.trim().slice(0, 200);
  if (q.length < 2) return { query: q, total: 0, items: [], expansions: [] };
  const db = await getDb();
  const [page, table] = await Promise.all([searchProducts({ q, limit, offset: 0, sort: 'relevance', order: 'desc' }), getSynonymTable(db)]);
  return { query: q, total: page.total, items: page.items, expansions: expandSynonyms(q, table) };
}
