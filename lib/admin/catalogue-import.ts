/**
 * What the import page of /admin/catalogue-management shows (shared by server/import/preview.ts
 * and the browser): the report of an invalid file and the preview of a valid one.
 */
export interface EntityCountsView {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummaryView {
  families: EntityCountsView;
  brands: EntityCountsView;
  products: EntityCountsView;
  models: EntityCountsView;
}

export type ChangeCountsView = Record<'price' | 'new' | 'removed' | 'text', number>;

export interface PlanSampleView {
  code: string;
  name: string;
  fields?: string[];
}

export interface ImportIssueView {
  line: number;
  column?: string;
  message: string;
}

export interface ImportReport {
  /** Data rows read. */
  rows: number;
  /** Every problem found (the list may be shorter). */
  total: number;
  issues: ImportIssueView[];
}

/** A demo account an import removes or keeps. */
export interface ImportAccountView {
  email: string;
  name: string;
  role: string;
  isAdmin: boolean;
  userType: 'particular' | 'pro';
}

export type ImportKeptReason = 'confirmer' | 'last_admin' | 'kept_before';

/** The demo accounts the confirmation removes, and the ones it keeps (with the reason). */
export interface ImportAccountsView {
  remove: ImportAccountView[];
  keep: (ImportAccountView & { reason: ImportKeptReason })[];
}

export interface ImportPreview {
  uploadId: string;
  fileName: string;
  sha256: string;
  size: number;
  rows: number;
  expiresAt: string;
  summary: ImportSummaryView;
  samples: Record<keyof ImportSummaryView, { created: PlanSampleView[]; updated: PlanSampleView[] }>;
  /** Lines the change log will receive, by kind (none on the first fill of an empty catalogue). */
  changeCounts: ChangeCountsView;
  /** A few of the price changes. */
  priceSamples: { productCode: string; modelCode: string | null; productName: string; before: string | null; after: string | null }[];
  firstFill: boolean;
  /** The accounts "Confirmar importação" removes and keeps. */
  accounts: ImportAccountsView;
}

export interface ImportDone {
  rows: number;
  fileName: string;
  summary: ImportSummaryView;
  recorded: ChangeCountsView;
  accounts: ImportAccountsView;
  /** The import's result page (null when no entry was recorded). */
  resultPath: string | null;
}

/** The result page of one confirmed import (its audit entry's id). */
export function importResultPath(auditId: number): string {
  return `/admin/catalogue-management/imports/${auditId}`;
}
