import 'server-only';
import ExcelJS from 'exceljs';
import { csvUnitPrice, formatDecimal, XLSX_FORMATS } from '@/lib/format';
import { csvField, formulaSafe } from '@/lib/spreadsheet-cells';
import { serverTranslator } from '@/server/i18n';
import { getPricedJobList } from './index';

/**
 * A job list as a spreadsheet: code, name, size, package, packages, units, and the
 * owner's prices of today (net unit price after their discount, discount %, line totals without
 * and with IVA). CSV as the shop's other files: UTF-8 with BOM, `;`, decimal comma, the unit price
 * with the price list's decimals (2 to 4, so units × unit = the line); XLSX cells are numbers with
 * pt-PT euro formats (lib/format's XLSX_FORMATS).
 */

const text = serverTranslator('JobLists');

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** A file name from the list's name: ASCII letters, digits and dashes. */
export function exportFileName(name: string, id: number, ext: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `obra-${id}${slug ? `-${slug}` : ''}.${ext}`;
}

/** `1234.5` → `1234,50` (the spreadsheet's decimal comma, to the cent). */
export function decimalComma(value: number | null, decimals = 2): string {
  return value === null ? '' : formatDecimal(value, decimals, decimals);
}

export async function exportJobList(userId: string, listId: number, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  const list = await getPricedJobList(userId, listId);
  const header = [
    text('code'),
    text('name'),
    text('size'),
    text('package'),
    text('packages'),
    text('units'),
    text('unitPrice'),
    text('discount'),
    text('lineTotal'),
    text('lineTotalWithTax'),
  ];
  const fileName = exportFileName(list.name, list.id, format);
  if (format === 'csv') {
    const lines = [header.join(';')];
    for (const l of list.lines) {
      lines.push(
        [
          formulaSafe(l.code),
          formulaSafe(l.available ? l.name : `${l.name} (${text('unavailable')})`),
          formulaSafe(l.size ?? ''),
          formulaSafe(l.selected_package_type),
          String(l.quantity_of_packages),
          String(l.units),
          l.unit_price === null ? '' : csvUnitPrice(l.unit_price),
          l.discount_percentage === null ? '' : formatDecimal(l.discount_percentage, 0, 2),
          decimalComma(l.total),
          decimalComma(l.total_with_tax),
        ]
          .map(csvField)
          .join(';'),
      );
    }
    lines.push(['', '', '', '', '', '', '', '', decimalComma(list.total), decimalComma(list.total_with_tax)].join(';'));
    return { body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(list.name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Obra');
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  for (const l of list.lines) {
    sheet.addRow([
      l.code,
      l.available ? l.name : `${l.name} (${text('unavailable')})`,
      l.size ?? '',
      l.selected_package_type,
      l.quantity_of_packages,
      l.units,
      l.unit_price,
      l.discount_percentage,
      l.total,
      l.total_with_tax,
    ]);
  }
  const totals = sheet.addRow(['', '', '', '', '', '', '', '', list.total, list.total_with_tax]);
  totals.font = { bold: true };
  sheet.getColumn(7).numFmt = XLSX_FORMATS.unitPrice;
  sheet.getColumn(8).numFmt = XLSX_FORMATS.percent;
  sheet.getColumn(9).numFmt = XLSX_FORMATS.money;
  sheet.getColumn(10).numFmt = XLSX_FORMATS.money;
  sheet.columns.forEach((c, i) => (c.width = [16, 48, 14, 18, 12, 10, 18, 12, 14, 14][i] ?? 12));
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
}
