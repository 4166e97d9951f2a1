import 'server-only';
import type { ErrorCode } from '@/lib/errors';
import { AppError } from '@/server/errors';

/**
 * Bounds for reading a file a user or staff member sent (server/files). Every reader of an upload
 * takes one of these: what a file may hold is decided by its use (a quick order has 500 lines, a
 * catalogue 200,000), what any file may cost the server is capped here. A file over a bound is
 * refused with a 4xx AppError whose Portuguese text names the bound (`Files.*` messages).
 */
export interface TableLimits {
  /** Bytes of the file as sent. */
  maxBytes: number;
  /** Rows with data (the header included). */
  maxRows: number;
  /** Lines of a text file, empty ones included. */
  maxLines: number;
  /** Columns a row may have data in. */
  maxColumns: number;
  /** Characters of one cell. */
  maxCellChars: number;
  /** Characters of one line of a text file. */
  maxLineChars: number;
  /** Uncompressed bytes of one part of an XLSX (the sheet, the shared strings). */
  maxEntryBytes: number;
  /** Uncompressed bytes of all the parts read from one XLSX. */
  maxTotalBytes: number;
}

/** Excel's own limits: no real spreadsheet passes them. */
export const EXCEL_MAX_ROW = 1_048_576;
export const EXCEL_MAX_CELL_CHARS = 32_767;
/** Parts of an XLSX: a workbook has a dozen; thousands are a crafted file. */
export const ZIP_MAX_ENTRIES = 2_000;
/** Deflate of real sheets gains 5–30×; a part inflating more than this (past 1 MB) is a bomb. */
export const ZIP_MAX_RATIO = 200;
const ZIP_RATIO_FLOOR = 1024 * 1024;

export function zipRatioRefused(compressed: number, uncompressed: number): boolean {
  return uncompressed > ZIP_RATIO_FLOOR && uncompressed > compressed * ZIP_MAX_RATIO;
}

const MB = 1024 * 1024;

/** Limits of a use, from defaults that suit a catalogue-sized spreadsheet. */
export function tableLimits(overrides: Partial<TableLimits> & Pick<TableLimits, 'maxBytes' | 'maxRows'>): TableLimits {
  return {
    maxLines: overrides.maxRows * 2 + 1_000,
    maxColumns: 200,
    maxCellChars: EXCEL_MAX_CELL_CHARS,
    maxLineChars: 200_000,
    maxEntryBytes: 256 * MB,
    maxTotalBytes: 384 * MB,
    ...overrides,
  };
}

/** "30 MB", "512 KB", "900 bytes": a size as staff read it. */
export function sizeText(bytes: number): string {
  if (bytes >= MB) return `${Math.round(bytes / MB)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "200 000": a count as the pt-PT texts write it. */
export function countText(n: number): string {
  return new Intl.NumberFormat('pt-PT', { useGrouping: true }).format(n).replace(/\u00a0/g, ' ');
}

/** A refusal of a file: the text of `Files.<key>`, a 4xx status. */
export function fileError(key: string, values?: Record<string, string | number>, code: ErrorCode = 'bad_request'): AppError {
  return new AppError({ code, key: `Files.${key}`, values });
}

export function tooLargeError(maxBytes: number): AppError {
  return fileError('tooLarge', { max: sizeText(maxBytes) }, 'payload_too_large');
}

/** True for an error raised by a file reader (a refusal to pass on, not a bug). */
export function isFileError(err: unknown): err is AppError {
  return err instanceof AppError && typeof err.key === 'string' && err.key.startsWith('Files.');
}
