import 'server-only';
import type { AuditEntryView } from '@/lib/admin/audit';
import { listAudit } from '@/server/admin/audit';
import type { DbOrTx } from '@/server/db/client';
import {
  describeAuditEntry,
  describeCatalogueChange,
  describeOrderEvent,
  describeProductChanges,
  peopleIn,
  type CatalogueChangeWords,
  type DescribedAuditEntry,
  type DifferenceRow,
  type OrderEventWords,
} from './describe';
import { loadNames } from './names';

/**
 * The screens' side of the change renderer: reads the names a list needs (./names.ts) and puts
 * each recorded change in words (./describe.ts).
 */

/** Entities whose history names families, brands or chapters by id. */
const CATALOGUE_ENTITIES = new Set(['product', 'family', 'brand']);

/** A record's history (from `listAudit`) in words, with the page's own field labels first. */
export async function describeAuditEntries(entries: readonly AuditEntryView[], labels?: Readonly<Record<string, string>>): Promise<DescribedAuditEntry[]> {
  if (entries.length === 0) return [];
  const values = entries.flatMap((e) => [e.actor, ...e.changes.flatMap((c) => [c.before, c.after])]);
  const names = await loadNames({ userIds: peopleIn(values), catalogue: entries.some((e) => CATALOGUE_ENTITIES.has(e.entity)) });
  return entries.map((e) => describeAuditEntry(e.entity, e, names, labels));
}

/** The history of one record in words (`listAudit`, then the renderer): what a page hands to AuditHistory. */
export async function listAuditInWords(entity: string, entityId: string | number, labels?: Readonly<Record<string, string>>): Promise<DescribedAuditEntry[]> {
  return describeAuditEntries(await listAudit(entity, entityId), labels);
}

/** An order's state history in words: states by label, people by name, payment notes by method. */
export async function describeOrderEvents<E extends { from: string | null; to: string; actor: string; note: string | null }>(events: readonly E[]): Promise<(E & { words: OrderEventWords })[]> {
  const names = await loadNames({ userIds: peopleIn(events.map((e) => e.actor)) });
  return events.map((e) => ({ ...e, words: describeOrderEvent(e, names) }));
}

/** Lines of the catalogue change log in words (field labels, prices, family and brand names). */
export async function describeCatalogueChanges<E extends { kind: string; field: string | null; modelCode: string | null; before: string | null; after: string | null }>(
  entries: readonly E[],
): Promise<(E & { words: CatalogueChangeWords })[]> {
  const catalogue = entries.some((e) => e.field === 'family' || e.field === 'family_code' || e.field === 'brand' || e.field === 'chapter_code');
  const names = await loadNames({ catalogue });
  return entries.map((e) => ({ ...e, words: describeCatalogueChange(e, names) }));
}

/**
 * The stale-save notice of a product: what this user sent
 * against the product now, field by field, models by code. In the refused save's transaction.
 */
export async function describeStaleProduct(db: DbOrTx, mine: object, current: object): Promise<DifferenceRow[]> {
  const names = await loadNames({ catalogue: true }, db);
  return describeProductChanges(mine, current, names);
}
