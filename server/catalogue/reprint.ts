import 'server-only';
import { asc, inArray, sql } from 'drizzle-orm';
import type { ChangeKind } from '@/lib/validation/catalogue-management';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { getDb, type DbOrTx } from '@/server/db/client';
import { cataloguePrints, chapters } from '@/server/db/schema';
import { mediaVersion } from '@/server/media/cache';

/**
 * The reprint report of the printed catalogue: per chapter, the change-log lines
 * recorded since the chapter's last print mark (`catalogue_prints`; a chapter never marked counts
 * every line), by kind, by family and by product; "Marcar como reimpresso" sets a new mark.
 */

export type KindCounts = Record<ChangeKind, number>;

const zero = (): KindCounts => ({ price: 0, new: 0, removed: 0, text: 0 });
const total = (c: KindCounts) => c.price + c.new + c.removed + c.text;

/** Products listed per chapter in the report (the count of the others is given). */
export const REPRINT_PRODUCTS_PER_CHAPTER = 200;

export interface ReprintProduct {
  productId: number | null;
  productCode: string;
  productName: string | null;
  familyId: number | null;
  counts: KindCounts;
  lastAt: string;
}

export interface ReprintFamily {
  familyId: number | null;
  code: string | null;
  title: string | null;
  counts: KindCounts;
  total: number;
}

export interface ReprintChapter {
  code: number;
  title: string;
  slug: string;
  lastPrint: { printedAt: string; actor: string | null; note: string | null } | null;
  counts: KindCounts;
  total: number;
  families: ReprintFamily[];
  products: ReprintProduct[];
  productTotal: number;
  /** The chapter's catalogue PDF as it is now (the version in the query bypasses any cached copy). */
  pdfHref: string;
}

/** The baseline CTE: each chapter's newest mark. */
const BASELINES = sql`SELECT DISTINCT ON (chapter_code) chapter_code, last_change_id FROM catalogue_prints ORDER BY chapter_code, id DESC`;
const SINCE = sql`c.chapter_code IS NOT NULL AND c.id > coalesce(b.last_change_id, 0)`;

/**
 * Changes since each chapter's last print: the total and per chapter (chapters without changes
 * are left out). For the admin dashboard.
 */
export async function countChangesSinceLastPrint(db?: DbOrTx): Promise<{ total: number; chapters: { chapterCode: number; title: string; count: number }[] }> {
  const handle = db ?? (await getDb());
  const result = await handle.execute<{ chapter_code: number; title: string; n: number }>(sql`
    WITH b AS (${BASELINES})
    SELECT c.chapter_code, ch.title, count(*)::int AS n
    FROM catalogue_changes c
    LEFT JOIN b ON b.chapter_code = c.chapter_code
    JOIN chapters ch ON ch.code = c.chapter_code
    WHERE ${SINCE}
    GROUP BY c.chapter_code, ch.title, ch.sort_order
    ORDER BY ch.sort_order`);
  const list = result.rows.map((r) => ({ chapterCode: Number(r.chapter_code), title: r.title, count: Number(r.n) }));
  return { total: list.reduce((s, c) => s + c.count, 0), chapters: list };
}

/** The whole report: every chapter, with its families and products changed since its last print. */
export async function getReprintReport(): Promise<ReprintChapter[]> {
  const db = await getDb();
  const [chapterRows, printRows, familyRows, productRows, version] = await Promise.all([
    db.select({ code: chapters.code, title: chapters.title, slug: chapters.slug }).from(chapters).orderBy(asc(chapters.sortOrder)),
    db.execute<{ chapter_code: number; printed_at: Date | string; actor_name: string | null; note: string | null }>(sql`
      SELECT DISTINCT ON (chapter_code) chapter_code, printed_at, actor_name, note
      FROM catalogue_prints ORDER BY chapter_code, id DESC`),
    db.execute<{ chapter_code: number; family_id: number | null; code: string | null; title: string | null; kind: ChangeKind; n: number }>(sql`
      WITH b AS (${BASELINES})
      SELECT c.chapter_code, c.family_id, f.code, f.title, c.kind, count(*)::int AS n
      FROM catalogue_changes c
      LEFT JOIN b ON b.chapter_code = c.chapter_code
      LEFT JOIN families f ON f.id = c.family_id
      WHERE ${SINCE}
      GROUP BY c.chapter_code, c.family_id, f.code, f.title, c.kind
      ORDER BY c.chapter_code, f.code NULLS LAST`),
    db.execute<{ chapter_code: number; product_id: number | null; product_code: string; product_name: string | null; family_id: number | null; price: number; new: number; removed: number; text: number; last_at: Date | string; rank: number; products: number }>(sql`
      WITH b AS (${BASELINES}),
      p AS (
        SELECT c.chapter_code, max(c.product_id) AS product_id, c.product_code, max(c.product_name) AS product_name, max(c.family_id) AS family_id,
          count(*) FILTER (WHERE c.kind = 'price')::int AS price,
          count(*) FILTER (WHERE c.kind = 'new')::int AS new,
          count(*) FILTER (WHERE c.kind = 'removed')::int AS removed,
          count(*) FILTER (WHERE c.kind = 'text')::int AS text,
          max(c.at) AS last_at
        FROM catalogue_changes c
        LEFT JOIN b ON b.chapter_code = c.chapter_code
        WHERE ${SINCE} AND c.product_code IS NOT NULL
        GROUP BY c.chapter_code, c.product_code
      )
      SELECT * FROM (
        SELECT p.*, row_number() OVER (PARTITION BY chapter_code ORDER BY last_at DESC, product_code)::int AS rank,
          count(*) OVER (PARTITION BY chapter_code)::int AS products
        FROM p
      ) ranked
      WHERE rank <= ${REPRINT_PRODUCTS_PER_CHAPTER}
      ORDER BY chapter_code, rank`),
    mediaVersion(),
  ]);
  const prints = new Map(printRows.rows.map((r) => [Number(r.chapter_code), r]));
  return chapterRows.map((chapter) => {
    const familyMap = new Map<string, ReprintFamily>();
    const counts = zero();
    for (const r of familyRows.rows) {
      if (Number(r.chapter_code) !== chapter.code) continue;
      const key = String(r.family_id ?? 'none');
      const family = familyMap.get(key) ?? { familyId: r.family_id, code: r.code, title: r.title, counts: zero(), total: 0 };
      family.counts[r.kind] += Number(r.n);
      family.total += Number(r.n);
      counts[r.kind] += Number(r.n);
      familyMap.set(key, family);
    }
    const mine = productRows.rows.filter((r) => Number(r.chapter_code) === chapter.code);
    const print = prints.get(chapter.code);
    return {
      code: chapter.code,
      title: chapter.title,
      slug: chapter.slug,
      lastPrint: print ? { printedAt: new Date(print.printed_at).toISOString(), actor: print.actor_name, note: print.note } : null,
      counts,
      total: total(counts),
      families: [...familyMap.values()],
      products: mine.map((r) => ({
        productId: r.product_id === null ? null : Number(r.product_id),
        productCode: r.product_code,
        productName: r.product_name,
        familyId: r.family_id === null ? null : Number(r.family_id),
        counts: { price: Number(r.price), new: Number(r.new), removed: Number(r.removed), text: Number(r.text) },
        lastAt: new Date(r.last_at).toISOString(),
      })),
      productTotal: Number(mine[0]?.products ?? 0),
      pdfHref: `/documentos/catalogos/${chapter.slug}.pdf?v=${encodeURIComponent(version)}`,
    };
  });
}

/**
 * "Marcar como reimpresso": a new baseline for one chapter or for every chapter (`'all'`), at the
 * newest change-log line, audited. Returns the chapters marked. Unknown chapter: none.
 */
export async function markChaptersReprinted(
  actor: Pick<Viewer, 'id' | 'email' | 'displayName'>,
  chapter: number | 'all',
  note = '',
): Promise<number[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ code: chapters.code, title: chapters.title })
      .from(chapters)
      .where(chapter === 'all' ? undefined : inArray(chapters.code, [chapter]))
      .orderBy(asc(chapters.sortOrder));
    if (known.length === 0) return [];
    const [last] = (await tx.execute<{ id: string | number }>(sql`SELECT coalesce(max(id), 0) AS id FROM catalogue_changes`)).rows;
    const lastChangeId = Number(last?.id ?? 0);
    const rows = await tx
      .insert(cataloguePrints)
      .values(known.map((c) => ({ chapterCode: c.code, lastChangeId, actorId: actor.id, actorName: actor.displayName || actor.email, note: note || null })))
      .returning({ id: cataloguePrints.id, chapterCode: cataloguePrints.chapterCode });
    for (const r of rows) {
      const title = known.find((c) => c.code === r.chapterCode)?.title ?? String(r.chapterCode);
      await recordAudit(tx, {
        actor,
        entity: 'catalogue_print',
        entityId: r.chapterCode,
        action: 'create',
        summary: `Capítulo ${r.chapterCode} ${title} marcado como reimpresso${note ? `: ${note}` : ''}`,
        after: { chapter: r.chapterCode, lastChangeId, note: note || null },
      });
    }
    return rows.map((r) => r.chapterCode);
  });
}
