import 'server-only';
import { csvTextField } from '@/lib/spreadsheet-cells';
import { formatChangeValue } from '@/lib/admin/catalogue';
import type { ChangeLogFilters } from '@/lib/validation/catalogue-management';
import { exportCatalogueChanges, type ChangeLogEntry } from './change-log';

const KIND: Record<string, string> = { price: 'Preço', new: 'Novo', removed: 'Removido', text: 'Texto' };
const SOURCE: Record<string, string> = { import: 'Importação', admin: 'Edição', erp: 'ERP' };

/** Every cell is text someone wrote or chose (names, authors, values): never a formula (lib/spreadsheet-cells). */
function cell(value: string | number | null | undefined): string {
  return csvTextField(value === null || value === undefined ? '' : String(value));
}

const lisbon = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The change log as a spreadsheet-friendly CSV (`;`, BOM), times in Lisbon; no cell can run as a formula. */
export function changeLogCsv(entries: readonly ChangeLogEntry[], format: (field: string | null, value: string | null) => string): string {
  const header = ['data', 'origem', 'autor', 'tipo', 'capitulo', 'familia', 'marca', 'produto', 'nome', 'modelo', 'campo', 'antes', 'depois'];
  const lines = [header.join(';')];
  for (const e of entries) {
    const value = (v: string | null) => (v === null ? '' : e.field === 'price' ? format('price', v) : v);
    lines.push(
      [lisbon.format(new Date(e.at)), SOURCE[e.source] ?? e.source, e.actor, KIND[e.kind] ?? e.kind, e.chapterCode, e.familyCode, e.brand, e.productCode, e.productName, e.modelCode, e.field, value(e.before), value(e.after)]
        .map(cell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The change log's filtered view (the filters of the staff's change-log page) as that CSV. */
export async function exportCatalogueChangesCsv(filters: ChangeLogFilters): Promise<string> {
  return changeLogCsv(await exportCatalogueChanges(filters), formatChangeValue);
}
