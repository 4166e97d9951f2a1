import 'server-only';
import { fileError, tooLargeError, type TableLimits } from './limits';
import { readCsvBytes } from './text';
import { isZip } from './zip';
import { readXlsxTable, type TableRow } from './xlsx';

/**
 * The one door for tabular files a user or staff member sends (quick orders, catalogue imports,
 * price-rule imports, ERP files): CSV or XLSX told apart by content, read within the use's
 * `TableLimits` (server/files/limits.ts). Refusals are AppErrors (400/413/415) whose Portuguese
 * text names the limit; a CSV syntax problem is a `CsvSyntaxError` with its line, for the
 * caller's own report.
 */
export async function readTableFile(bytes: Uint8Array, limits: TableLimits, name?: string | null): Promise<TableRow[]> {
  if (bytes.length === 0) throw fileError('empty');
  if (bytes.length > limits.maxBytes) throw tooLargeError(limits.maxBytes);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isZip(buffer)) return readXlsxTable(buffer, limits);
  if (name && /\.(xlsx|xlsm)$/i.test(name)) throw fileError('unreadableXlsx');
  if (name && /\.(xls|ods|numbers|pdf|docx?|zip|png|jpe?g)$/i.test(name)) throw fileError('wrongType', { accepted: 'CSV ou XLSX' }, 'unsupported_media_type');
  // Old Excel (.xls, an OLE2 file) and other binaries are refused by their first bytes.
  if (buffer.length >= 4 && buffer.readUInt32BE(0) === 0xd0cf11e0) throw fileError('wrongType', { accepted: 'CSV ou XLSX' }, 'unsupported_media_type');
  return readCsvBytes(buffer, limits);
}

export { CsvSyntaxError, decodeText, detectDelimiter, checkTextShape, readCsvRecords } from './text';
export { isFileError, tableLimits, tooLargeError, fileError, sizeText, type TableLimits } from './limits';
export { isZip } from './zip';
export { columnLetters, readXlsxTable, type TableRow } from './xlsx';
