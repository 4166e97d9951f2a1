/**
 * The files staff import: for each, its columns in order, which ones are required and
 * a template with example lines. The screens show the columns with their descriptions
 * (messages: Admin.Imports.columns.<format>.<column>), and `/api/admin/templates/<format>`
 * answers the template. The column names are the importers' own (server/import/format.ts,
 * server/erp/format.ts, server/pro-accounts/rules-import.ts; a unit test keeps them equal).
 */

export const IMPORT_FORMAT_IDS = ['catalogue', 'erp-prices', 'erp-clients', 'price-rules'] as const;
export type ImportFormatId = (typeof IMPORT_FORMAT_IDS)[number];

export interface ImportColumn {
  name: string;
  required: boolean;
}

export interface ImportFormat {
  id: ImportFormatId;
  /** The template's download name. */
  fileName: string;
  columns: readonly ImportColumn[];
  /** Example lines of the template, one value per column. */
  examples: readonly (readonly string[])[];
}

const col = (name: string, required = false): ImportColumn => ({ name, required });

export const IMPORT_FORMATS: Record<ImportFormatId, ImportFormat> = {
  catalogue: {
    id: 'catalogue',
    fileName: 'modelo-catalogo.csv',
    columns: [
      col('chapter_code', true),
      col('family_code', true),
      col('family_title'),
      col('product_id', true),
      col('product_name', true),
      col('description'),
      col('brand'),
      col('model_code', true),
      col('model_name'),
      col('size'),
      col('price', true),
      col('discount_group'),
      col('ean'),
      col('stock_status'),
      col('small_package'),
      col('medium_package'),
      col('large_package'),
      col('image'),
      col('attributes'),
    ],
    examples: [
      ['40', '40-010', 'Tubo Multicamada', 'P100001', 'Tubo multicamada PEX-AL-PEX', 'Tubo para água quente e fria sanitária e aquecimento.', 'Hidrotec', 'HDT-16200', 'Tubo multicamada PEX-AL-PEX 16x2 mm rolo 100 m', '16x2 mm', '1,25', 'A1', '5601234567892', 'in_stock', '100', '-', '', '', 'Diâmetro=16 mm|Pressão máxima=10 bar'],
      ['40', '40-010', 'Tubo Multicamada', 'P100001', 'Tubo multicamada PEX-AL-PEX', 'Tubo para água quente e fria sanitária e aquecimento.', 'Hidrotec', 'HDT-20200', 'Tubo multicamada PEX-AL-PEX 20x2 mm rolo 100 m', '20x2 mm', '1,80', 'A1', '', 'out_of_stock', '100', '-', '', '', 'Diâmetro=20 mm'],
    ],
  },
  'erp-prices': {
    id: 'erp-prices',
    fileName: 'modelo-phc-precos.csv',
    columns: [col('model_code', true), col('price', true), col('discount_group', true)],
    examples: [
      ['HDT-16200', '1,25', 'A1'],
      ['HDT-20200', '1,8', 'A1'],
    ],
  },
  'erp-clients': {
    id: 'erp-clients',
    fileName: 'modelo-phc-clientes.csv',
    columns: [col('erp_client_id', true), col('nif'), col('name', true), col('email'), col('account'), col('discounts')],
    examples: [
      ['C001', '509123457', 'Canalizações Exemplo, Lda.', 'compras@exemplo.pt', 'Canalizações Exemplo', 'A=30|B=20|C1=12,5'],
      ['C002', '', 'Cliente Sem NIF', '', '', ''],
    ],
  },
  'price-rules': {
    id: 'price-rules',
    fileName: 'modelo-regras-de-preco.csv',
    columns: [col('erp'), col('nif'), col('grupo', true), col('percentagem', true), col('inicio'), col('fim')],
    examples: [
      ['C001', '', 'A1', '12,5', '', ''],
      ['', '509123457', 'B', '20', '01/01/2027', '31/12/2027'],
    ],
  },
};

export function isImportFormatId(value: string): value is ImportFormatId {
  return (IMPORT_FORMAT_IDS as readonly string[]).includes(value);
}

/** The download address of a format's template. */
export function templatePath(id: ImportFormatId): string {
  return `/api/admin/templates/${id}`;
}

function csvCell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A CSV file as the shop writes them (UTF-8 with BOM, `;`, CRLF): Excel in Portugal opens it as is. */
export function toSemicolonCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** The template of a format: its header and example lines. */
export function templateCsv(id: ImportFormatId): string {
  const format = IMPORT_FORMATS[id];
  return toSemicolonCsv([format.columns.map((c) => c.name), ...format.examples]);
}
