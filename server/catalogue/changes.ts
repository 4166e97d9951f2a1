import 'server-only';
import type { DbOrTx } from '@/server/db/client';
import { catalogueChanges, type CatalogueChangeKind, type CatalogueChangeSource } from '@/server/db/schema';
import type { AuditActor } from '@/server/admin/audit';

/**
 * The catalogue change log: every change to products, models and prices, from imports,
 * staff edits and the ERP sync, one row per product/model field. `/admin/catalogue-management/
 * change-logs` lists it; the reprint report counts it since the last print of each chapter.
 * Record in the write's own transaction.
 *
 * Kinds: `new` (a product or model created or reactivated), `removed` (deactivated or deleted),
 * `price` (a model's net price), `text` (any other field shown in the printed catalogue: names,
 * descriptions, sizes, packages, EAN, brand, family, attributes…).
 */
export interface CatalogueChangeInput {
  kind: CatalogueChangeKind;
  chapterCode: number | null;
  familyId: number | null;
  brandId?: number | null;
  productId: number | null;
  productCode: string | null;
  productName?: string | null;
  modelCode?: string | null;
  field?: string | null;
  before?: string | number | null;
  after?: string | number | null;
}

const text = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

export async function recordCatalogueChanges(
  db: DbOrTx,
  origin: { source: CatalogueChangeSource; actor?: AuditActor },
  changes: readonly CatalogueChangeInput[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const rows = changes.map((c) => ({
    source: origin.source,
    actorId: origin.actor?.id ?? null,
    actorName: origin.actor?.displayName ?? origin.actor?.email ?? null,
    kind: c.kind,
    chapterCode: c.chapterCode,
    familyId: c.familyId,
    brandId: c.brandId ?? null,
    productId: c.productId,
    productCode: c.productCode,
    productName: c.productName ?? null,
    modelCode: c.modelCode ?? null,
    field: c.field ?? null,
    before: text(c.before),
    after: text(c.after),
  }));
  // In slices: an import can change tens of thousands of prices (PostgreSQL's 65,535 parameters).
  for (let i = 0; i < rows.length; i += 2000) await db.insert(catalogueChanges).values(rows.slice(i, i + 2000));
  return rows.length;
}
