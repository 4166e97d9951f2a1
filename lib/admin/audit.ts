import type { DifferenceRow } from '@/lib/admin/stale';

/** The audit log's vocabulary, shared by the schema, server/admin/audit.ts and the history component. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'deactivate', 'bulk', 'merge', 'import', 'other'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of a record's history, as `AuditHistory` shows it. */
export interface AuditEntryView {
  id: number;
  /** The kind of record (`product`, `order`…): how its fields read. */
  entity: string;
  at: string;
  actor: string;
  action: AuditAction;
  summary: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** One entry of a record's history in words (server/audit/describe.ts), as the history shows it. */
export interface DescribedAuditEntry {
  id: number;
  at: string;
  actor: string;
  /** "Alterado", "Criado"… */
  action: string;
  /** Whether the rows are worth a table (not for a creation or a deletion: every field would show). */
  showRows: boolean;
  summary: string | null;
  rows: DifferenceRow[];
}
