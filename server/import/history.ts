import 'server-only';
import { desc, eq } from 'drizzle-orm';
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
