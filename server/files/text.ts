import 'server-only';
import { parse } from 'csv-parse/sync';
import { countText, fileError, tooLargeError, type TableLimits } from './limits';
import type { TableRow } from './xlsx';
import { columnLetters } from './xlsx';

/**
 * Text files sent by users and staff (CSV, pasted lists): decoded whatever the spreadsheet
 * program saved them as — UTF-8 (with or without BOM), UTF-16 (Excel's "Unicode text"), or
 * Windows-1252/Latin-1 (Excel's "CSV" on a Portuguese Windows) — and bounded in lines and line
 * length before any parser sees them. A file with NUL bytes in it is not text: refused.
 */

function looksUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length, 4096) & ~1;
  if (sample < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = sample / 2;
  if (oddZero > pairs * 0.6 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.6 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The text of a file, its encoding told by BOM or content; refuses a binary file. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  else if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    const utf16 = looksUtf16(bytes);
    if (utf16) text = new TextDecoder(utf16).decode(bytes);
    else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        text = new TextDecoder('windows-1252').decode(bytes);
      }
    }
  }
  if (text.includes('\u0000')) throw fileError('notText', undefined, 'unsupported_media_type');
  return text;
}

/** Refuses a text with more lines, or a longer line, than `limits` allow (before parsing it). */
export function checkTextShape(text: string, limits: Pick<TableLimits, 'maxLines' | 'maxLineChars'>): void {
  let line = 1;
  let start = 0;
  for (;;) {
    const next = text.indexOf('\n', start);
    const end = next < 0 ? text.length : next;
    if (end - start > limits.maxLineChars) throw fileError('lineTooLong', { line, max: countText(limits.maxLineChars) }, 'payload_too_large');
    if (next < 0) break;
    line++;
    if (line > limits.maxLines) throw fileError('tooManyLines', { max: countText(limits.maxLines) }, 'payload_too_large');
    start = next + 1;
  }
}

/** `;` or `,`: whichever appears more often outside quotes in the header line. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length && i < 1_000_000; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/** A CSV problem a person can fix (line and reason), as opposed to a refused file. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The records of a CSV text with their line numbers, within `limits`. */
export function readCsvRecords(text: string, limits: TableLimits): TableRow[] {
  const clean = text.replace(/^\uFEFF/, '');
  checkTextShape(clean, limits);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(clean, {
      delimiter: detectDelimiter(clean),
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
      max_record_size: limits.maxLineChars,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const e = err as { lines?: number; message?: string; code?: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw fileError('lineTooLong', { line: e.lines ?? 1, max: countText(limits.maxLineChars) }, 'payload_too_large');
    throw new CsvSyntaxError(e.lines ?? 1, String(e.message ?? '').replace(/^Invalid[^:]*:\s*/, ''));
  }
  const rows: TableRow[] = [];
  for (const { record, info } of records) {
    if (record.every((v) => v.trim() === '')) continue;
    if (rows.length >= limits.maxRows) throw fileError('tooManyRows', { max: countText(limits.maxRows) }, 'payload_too_large');
    for (let i = 0; i < record.length; i++) {
      const v = record[i]!;
      if (v.length > limits.maxCellChars) throw fileError('cellTooLong', { line: info.lines, max: countText(limits.maxCellChars) });
      if (i >= limits.maxColumns && v.trim() !== '') throw fileError('tooManyColumns', { line: info.lines, column: columnLetters(i + 1), max: limits.maxColumns });
    }
    rows.push({ line: info.lines, values: record.length > limits.maxColumns ? record.slice(0, limits.maxColumns) : record });
  }
  return rows;
}

/** A text file's bytes as CSV records: size, encoding and shape checked first. */
export function readCsvBytes(bytes: Uint8Array, limits: TableLimits): TableRow[] {
  if (bytes.length > limits.maxBytes) throw tooLargeError(limits.maxBytes);
  return readCsvRecords(decodeText(bytes), limits);
}
