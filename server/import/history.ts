import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { ChangeCountsView, ImportAccountsView, ImportAccountView, ImportKeptReason, ImportSummaryView } from '@/lib/admin/catalogue-import';
import { getDb } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

export interface ImportHistoryEntry {
  id: number;
  at: string;
  actor: string;
  file: string | null;
  sha256: string | null;
  rows: number | null;
  summary: string | null;
}

/** The latest staff imports of the catalogue (from the audit log), newest first. */
export async function listRecentImports(limit = 10): Promise<ImportHistoryEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, actorName: auditLog.actorName, actorEmail: auditLog.actorEmail, after: auditLog.after, summary: auditLog.summary })
    .from(auditLog)
    .where(eq(auditLog.entity, 'catalogue_import'))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actorName || r.actorEmail || 'Sistema',
    file: typeof r.after?.file === 'string' ? r.after.file : null,
    sha256: typeof r.after?.sha256 === 'string' ? r.after.sha256 : null,
    rows: typeof r.after?.rows === 'number' ? r.after.rows : null,
    summary: r.summary,
  }));
}

export interface ImportResultView {
  id: number;
  at: string;
  actor: string;
  file: string;
  rows: number;
  summary: ImportSummaryView | null;
  recorded: ChangeCountsView | null;
  accounts: ImportAccountsView;
}

const isCounts = (v: unknown): v is { created: number; updated: number; unchanged: number } =>
  typeof v === 'object' && v !== null && ['created', 'updated', 'unchanged'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

const isAccount = (a: unknown): a is Record<string, unknown> => typeof a === 'object' && a !== null && typeof (a as Record<string, unknown>).email === 'string';

function accountOf(a: Record<string, unknown>): ImportAccountView {
  return {
    email: String(a.email),
    name: typeof a.name === 'string' ? a.name : String(a.email),
    role: typeof a.role === 'string' ? a.role : 'viewer',
    isAdmin: a.isAdmin === true,
    userType: a.userType === 'pro' ? 'pro' : 'particular',
  };
}

const accountsIn = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isAccount) : []);

/** One staff import of the catalogue as its result page shows it (null when there is none). */
export async function getImportResult(id: number): Promise<ImportResultView | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const db = await getDb();
  const [r] = await db
    .select({ id: auditLog.id, at: auditLog.at, actorName: auditLog.actorName, actorEmail: auditLog.actorEmail, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'catalogue_import'), eq(auditLog.id, id)));
  if (!r) return null;
  const after = r.after ?? {};
  const entities = ['families', 'brands', 'products', 'models'] as const;
  const summary = entities.every((e) => isCounts(after[e])) ? (Object.fromEntries(entities.map((e) => [e, after[e]])) as unknown as ImportSummaryView) : null;
  const recordedRaw = after.recorded as Record<string, unknown> | undefined;
  const reasons: readonly ImportKeptReason[] = ['confirmer', 'last_admin', 'kept_before'];
  const recorded =
    recordedRaw && ['price', 'new', 'removed', 'text'].every((k) => typeof recordedRaw[k] === 'number') ? (recordedRaw as unknown as ChangeCountsView) : null;
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actorName || r.actorEmail || 'Sistema',
    file: typeof after.file === 'string' ? after.file : '—',
    rows: typeof after.rows === 'number' ? after.rows : 0,
    summary,
    recorded,
    accounts: {
      remove: accountsIn(after.accountsRemoved).map(accountOf),
      keep: accountsIn(after.accountsKept).map((a) => ({
        ...accountOf(a),
        reason: reasons.includes(a.reason as ImportKeptReason) ? (a.reason as ImportKeptReason) : 'kept_before',
      })),
    },
  };
}
