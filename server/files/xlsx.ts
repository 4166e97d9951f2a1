import 'server-only';
import { StringDecoder } from 'node:string_decoder';
import { EXCEL_MAX_ROW, fileError, tooLargeError, countText, sizeText, type TableLimits } from './limits';
import { listZipEntries, readZipText, streamZipEntry, type ZipEntry } from './zip';
import { attribute, decodeXmlText, scanXml, XmlScanner } from './xml';

/**
 * The first sheet of an XLSX as rows of cell texts, read within `TableLimits`: the container is
 * checked before anything is inflated (server/files/zip.ts), every part is inflated as a stream
 * under a bound, the XML is scanned flat with no DOCTYPE, and the sheet's rows are kept as they
 * come — a row numbered 200,000,000 is one row (refused past Excel's last row), never 200 million
 * empty ones. Macro-enabled workbooks are refused.
 *
 * Cell texts follow what the shop's formats expect of a spreadsheet: shared and inline strings as
 * written, numbers as JavaScript prints them (`1.5`, `12`), dates (by their number format) as
 * `YYYY-MM-DD`, booleans `true`/`false`, errors empty.
 */
export interface TableRow {
  /** The row's number in the sheet (line 1 is the header). */
  line: number;
  values: string[];
}

/** Parts that describe the workbook: small in any real file. */
const MAX_META_BYTES = 16 * 1024 * 1024;
/** Characters of all shared strings together. */
const MAX_SHARED_CHARS = 48 * 1024 * 1024;

/** Built-in number formats that show a date or time (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '');
  return /[dmy]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

export function columnLetters(index: number): string {
  let n = index;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
    if (n > 1_000_000) break;
  }
  return n;
}

function normalisePath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${base}/${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p && p !== '.') out.push(p);
  }
  return out.join('/').toLowerCase();
}

function serialToIsoDate(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const date = new Date(epoch + Math.round(serial * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

interface Workbook {
  sheet: ZipEntry;
  shared: ZipEntry | null;
  styles: ZipEntry | null;
  date1904: boolean;
}

async function locateParts(bytes: Buffer, entries: ZipEntry[]): Promise<Workbook> {
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, '').toLowerCase(), e]));
  if ([...byName.keys()].some((n) => n.endsWith('vbaproject.bin'))) throw fileError('macros');
  const types = byName.get('[content_types].xml');
  if (types && /macroEnabled/i.test(await readZipText(bytes, types, MAX_META_BYTES))) throw fileError('macros');
  const workbookEntry = byName.get('xl/workbook.xml');
  if (!workbookEntry) throw fileError('unreadableXlsx');
  let firstSheetRel: string | null = null;
  let date1904 = false;
  scanXml(await readZipText(bytes, workbookEntry, MAX_META_BYTES), {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetRel === null) firstSheetRel = attribute(attrs, 'id');
      if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attribute(attrs, 'date1904') ?? '');
    },
    close() {},
    text() {},
  });
  const rels = new Map<string, { target: string; type: string }>();
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    scanXml(await readZipText(bytes, relsEntry, MAX_META_BYTES), {
      open(name, attrs) {
        if (name !== 'Relationship') return;
        const id = attribute(attrs, 'Id');
        const target = attribute(attrs, 'Target');
        if (id && target) rels.set(id, { target: normalisePath('xl', target), type: attribute(attrs, 'Type') ?? '' });
      },
      close() {},
      text() {},
    });
  }
  const relOf = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const sheetPath =
    (firstSheetRel ? rels.get(firstSheetRel)?.target : undefined) ??
    [...byName.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  const sheet = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheet) throw fileError('unreadableXlsx');
  return {
    sheet,
    shared: byName.get(relOf('/sharedStrings') ?? 'xl/sharedstrings.xml') ?? null,
    styles: byName.get(relOf('/styles') ?? 'xl/styles.xml') ?? null,
    date1904,
  };
}

/** Which cell styles (index in cellXfs) show dates. */
async function dateStyles(bytes: Buffer, entry: ZipEntry | null): Promise<boolean[]> {
  if (!entry) return [];
  const customDates = new Set<number>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  scanXml(await readZipText(bytes, entry, MAX_META_BYTES), {
    open(name, attrs, selfClosing) {
      if (name === 'numFmt') {
        const id = Number(attribute(attrs, 'numFmtId'));
        if (isDateFormatCode(attribute(attrs, 'formatCode') ?? '')) customDates.add(id);
      } else if (name === 'cellXfs' && !selfClosing) inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(attrs, 'numFmtId') ?? 0);
        styles.push(DATE_FORMAT_IDS.has(id) || customDates.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

async function sharedStrings(bytes: Buffer, entry: ZipEntry | null, limits: TableLimits): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  let chars = 0;
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let raw = '';
  const maxRaw = limits.maxCellChars * 10;
  const scanner = new XmlScanner({
    open(name, _attrs, selfClosing) {
      if (selfClosing) return;
      if (name === 'si') {
        inSi = true;
        raw = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inSi && phonetic === 0) inT = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si' && inSi) {
        inSi = false;
        const text = decodeXmlText(raw);
        chars += text.length;
        if (chars > MAX_SHARED_CHARS) throw fileError('zipEntryTooLarge', { max: `${countText(MAX_SHARED_CHARS)} caracteres` }, 'payload_too_large');
        // A string too long for a cell is refused where a cell uses it (with its line).
        strings.push(text.length > limits.maxCellChars ? text.slice(0, limits.maxCellChars + 1) : text);
      }
    },
    text(chunk) {
      if (!inT) return;
      raw += chunk;
      if (raw.length > maxRaw) raw = raw.slice(0, maxRaw);
    },
  });
  const decoder = new StringDecoder('utf8');
  await streamZipEntry(bytes, entry, Math.min(limits.maxEntryBytes, limits.maxTotalBytes), (chunk) => scanner.write(decoder.write(chunk)));
  scanner.write(decoder.end());
  scanner.end();
  return strings;
}

/** The rows of the first sheet of `bytes` (an XLSX), within `limits`. */
export async function readXlsxTable(bytes: Buffer, limits: TableLimits): Promise<TableRow[]> {
  if (bytes.length > limits.maxBytes) throw tooLargeError(limits.maxBytes);
  const entries = listZipEntries(bytes);
  const book = await locateParts(bytes, entries);
  const parts = [book.sheet, book.shared].filter((e): e is ZipEntry => e !== null);
  if (parts.some((e) => e.uncompressedSize > limits.maxEntryBytes)) throw fileError('zipEntryTooLarge', { max: sizeText(limits.maxEntryBytes) }, 'payload_too_large');
  if (parts.reduce((n, e) => n + e.uncompressedSize, 0) > limits.maxTotalBytes) throw fileError('zipTotalTooLarge', { max: sizeText(limits.maxTotalBytes) }, 'payload_too_large');
  const styles = await dateStyles(bytes, book.styles);
  const strings = await sharedStrings(bytes, book.shared, limits);

  const rows: TableRow[] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let inCell = false;
  let capture: 'v' | 't' | null = null;
  let inInline = false;
  let raw = '';
  let inRow = false;
  const maxRaw = limits.maxCellChars * 10;

  const cellText = (): string => {
    const text = decodeXmlText(raw);
    switch (type) {
      case 's': {
        const index = Number(text.trim());
        return Number.isInteger(index) ? (strings[index] ?? '') : '';
      }
      case 'inlineStr':
      case 'str':
        return text;
      case 'b':
        return text.trim() === '1' || text.trim().toLowerCase() === 'true' ? 'true' : 'false';
      case 'e':
        return '';
      case 'd':
        return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
      default: {
        const trimmed = text.trim();
        if (!trimmed) return '';
        const n = Number(trimmed);
        if (!Number.isFinite(n)) return trimmed;
        return styles[style] ? serialToIsoDate(n, book.date1904) : String(n);
      }
    }
  };

  const finishRow = () => {
    if (cells.some((c) => c.trim() !== '')) {
      if (rows.length >= limits.maxRows) throw fileError('tooManyRows', { max: countText(limits.maxRows) }, 'payload_too_large');
      const values = Array.from({ length: cells.length }, (_, i) => cells[i] ?? '');
      rows.push({ line: rowNumber, values });
    }
    cells = [];
    column = 0;
  };

  const scanner = new XmlScanner({
    open(name, attrs, selfClosing) {
      if (name === 'row') {
        if (inRow) finishRow();
        const r = Number(attribute(attrs, 'r'));
        rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        if (rowNumber > EXCEL_MAX_ROW) throw fileError('rowNumber', { row: countText(rowNumber), max: countText(EXCEL_MAX_ROW) });
        inRow = !selfClosing;
        cells = [];
        column = 0;
      } else if (name === 'c' && inRow) {
        const ref = attribute(attrs, 'r');
        const at = ref ? columnIndex(ref) : 0;
        column = at > 0 ? at : column + 1;
        type = attribute(attrs, 't') ?? 'n';
        style = Number(attribute(attrs, 's') ?? 0) || 0;
        inCell = !selfClosing;
        inInline = false;
        raw = '';
      } else if (inCell && !selfClosing) {
        if (name === 'v') capture = 'v';
        else if (name === 'is') inInline = true;
        else if (name === 't' && inInline) capture = 't';
      }
    },
    close(name) {
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'is') inInline = false;
      else if (name === 'c' && inCell) {
        inCell = false;
        const text = cellText();
        if (text.length > limits.maxCellChars) throw fileError('cellTooLong', { line: rowNumber, max: countText(limits.maxCellChars) });
        if (text.trim() !== '') {
          if (column > limits.maxColumns) throw fileError('tooManyColumns', { line: rowNumber, column: columnLetters(column), max: limits.maxColumns });
          cells[column - 1] = text;
        }
        raw = '';
      } else if (name === 'row' && inRow) {
        inRow = false;
        finishRow();
      }
    },
    text(chunk) {
      if (!capture) return;
      raw += chunk;
      if (raw.length > maxRaw) throw fileError('cellTooLong', { line: rowNumber, max: countText(limits.maxCellChars) });
    },
  });
  const decoder = new StringDecoder('utf8');
  await streamZipEntry(bytes, book.sheet, limits.maxEntryBytes, (chunk) => scanner.write(decoder.write(chunk)));
  scanner.write(decoder.end());
  scanner.end();
  if (inRow) finishRow();
  return rows;
}
