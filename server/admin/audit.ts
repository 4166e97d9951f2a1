import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntryView } from '@/lib/admin/audit';
import type { Viewer } from '@/lib/auth/viewer';
export type { AuditEntryView } from '@/lib/admin/audit';
import { getDb, type DbOrTx } from '@/server/db/client';
import { auditLog, type AuditAction } from '@/server/db/schema';

/**
 * The audit log of the admin area: every create, update and delete made by staff
 * records who, when, what, and the fields before and after. Call `recordAudit` with the same
 * transaction handle as the write, so the entry exists exactly when the change does.
 */

export type AuditActor = Pick<Viewer, 'id' | 'email' | 'displayName'> | null;

export type { Snapshot } from '@/lib/admin/stale';
import type { Snapshot } from '@/lib/admin/stale';

export interface AuditInput {
  actor: AuditActor;
  entity: string;
  entityId: string | number;
  action: AuditAction;
  summary?: string;
  /** The whole record before (update, delete); only the changed fields are kept. */
  before?: Snapshot | null;
  /** The whole record after (create, update). */
  after?: Snapshot | null;
}

/** Values compared as JSON (dates as ISO strings, numbers and numeric strings as they are). */
function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** The fields of `before` and `after` that differ, each side holding only those fields. */
export function changedFields(before: Snapshot | null | undefined, after: Snapshot | null | undefined): { before: Snapshot | null; after: Snapshot | null; fields: string[] } {
  if (!before || !after) {
    const pick = (s: Snapshot | null | undefined) => (s ? Object.fromEntries(Object.entries(s).map(([k, v]) => [k, normalise(v)])) : null);
    return { before: pick(before), after: pick(after), fields: Object.keys(before ?? after ?? {}) };
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !same(before[k], after[k]));
  return {
    before: Object.fromEntries(fields.map((k) => [k, normalise(before[k])])),
    after: Object.fromEntries(fields.map((k) => [k, normalise(after[k])])),
    fields,
  };
}

/**
 * Records one audit entry in `db` (the write's transaction). An update that changed nothing is
 * not recorded; returns whether an entry was written.
 */
export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<boolean> {
  const diff = changedFields(input.before, input.after);
  if (input.action === 'update' && diff.fields.length === 0) return false;
  await db.insert(auditLog).values({
    actorId: input.actor?.id ?? null,
    actorEmail: input.actor?.email ?? null,
    actorName: input.actor?.displayName ?? null,
    entity: input.entity,
    entityId: String(input.entityId),
    action: input.action,
    summary: input.summary ?? null,
    before: diff.before,
    after: diff.after,
  });
  return true;
}


/** The history of one record, newest first. */
export async function listAudit(entity: string, entityId: string | number, limit = 50): Promise<AuditEntryView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const fields = [...new Set([...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})])];
    return {
      id: r.id,
      entity: r.entity,
      at: r.at.toISOString(),
      actor: r.actorName || r.actorEmail || 'Sistema',
      action: r.action,
      summary: r.summary,
      changes: fields.map((field) => ({ field, before: r.before?.[field] ?? null, after: r.after?.[field] ?? null })),
    };
  });
}
