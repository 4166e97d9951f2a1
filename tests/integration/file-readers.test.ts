/** @jest-environment node */
import ExcelJS from 'exceljs';
import { statusOf } from '@/server/api/errors';
import { AppError } from '@/server/errors';
import { readTableFile, tableLimits } from '@/server/files';
import { quickOrderLinesFromFile } from '@/server/cart/quick-order';
import { readTableBytes } from '@/server/import/read';
import { readMultipartForm } from '@/server/files/multipart';
import { inlineCell, makeXlsx, makeZip } from '../helpers/zip';

/**
 * The bounded readers behind every upload (server/files): each hostile file is refused with a 4xx
 * and a Portuguese text naming the limit, quickly and without the memory it asks for; files that
 * real spreadsheet programs write are read as they are.
 */
const LIMITS = tableLimits({ maxBytes: 30 * 1024 * 1024, maxRows: 1_000 });

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const before = process.memoryUsage().rss;
  const started = Date.now();
  let error: unknown = null;
  try {
    await work;
  } catch (err) {
    error = err;
  }
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  expect(error).toBeInstanceOf(AppError);
  const app = error as AppError;
  expect(statusOf(app.code)).toBeGreaterThanOrEqual(400);
  expect(statusOf(app.code)).toBeLessThan(500);
  return app;
}

const header = `<row r="1">${inlineCell('A1', 'código')}${inlineCell('B1', 'quantidade')}</row>`;

describe('XLSX files', () => {
  test('a row numbered 200,000,000 (1.5 KB that used to stop the server) is refused, naming the last possible row', async () => {
    const file = makeXlsx(`${header}<row r="200000000">${inlineCell('A200000000', 'TJP-1')}<c r="B200000000"><v>2</v></c></row>`);
    expect(file.length).toBeLessThan(2_000);
    const err = await refusal(quickOrderLinesFromFile('encomenda.xlsx', file));
    expect(err.message).toMatch(/200 000 000/);
    expect(err.message).toMatch(/1 048 576/);
  });

  test('a sparse sheet keeps its row numbers without filling the gap', async () => {
    const file = makeXlsx(`${header}<row r="900000">${inlineCell('A900000', 'TJP-1')}<c r="B900000"><v>2</v></c></row>`);
    const lines = await quickOrderLinesFromFile('encomenda.xlsx', file);
    expect(lines).toEqual([
      { line: 1, text: 'código;quantidade' },
      { line: 900000, text: 'TJP-1;2' },
    ]);
  });

  test('data in column XFD (16,384 columns) is refused, naming the column and the limit', async () => {
    const err = await refusal(readTableFile(makeXlsx(`<row r="1">${inlineCell('A1', 'a')}${inlineCell('XFD1', 'z')}</row>`), LIMITS));
    expect(err.message).toContain('XFD');
    expect(err.message).toContain('200');
  });

  test('a part that declares 1.2 GB uncompressed is refused before anything is inflated', async () => {
    const file = makeXlsx(header, { sharedStrings: '<sst/>', sharedDeclaredSize: 1_200_000_000 });
    const err = await refusal(readTableFile(file, LIMITS));
    expect(statusOf(err.code)).toBe(413);
    expect(err.message).toMatch(/256 MB/);
  });

  test('a part that lies about its size (says 200 bytes, inflates to 64 MB) is cut off while inflating', async () => {
    const bomb = Buffer.concat([Buffer.from('<sst>'), Buffer.alloc(64 * 1024 * 1024, 0x41), Buffer.from('</sst>')]);
    const file = makeXlsx(header, { sharedStrings: bomb, sharedDeclaredSize: 200 });
    expect(file.length).toBeLessThan(200_000);
    await refusal(readTableFile(file, LIMITS));
  });

  test('a zip bomb (shared strings inflating 1,000 times) is refused for its ratio', async () => {
    const strings = `<sst>${'<si><t>aaaaaaaaaaaaaaaa</t></si>'.repeat(200_000)}</sst>`; // ≈ 5.6 MB that deflate to a few KB
    const err = await refusal(readTableFile(makeXlsx(header, { sharedStrings: strings }), LIMITS));
    expect(err.message).toMatch(/200 vezes/);
  });

  test('entity expansion (billion laughs) is refused: no DOCTYPE is read', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><sst><si><t>&lol3;</t></si></sst>`;
    const err = await refusal(readTableFile(makeXlsx(header, { sharedStrings: laughs }), LIMITS));
    expect(err.message).toContain('DOCTYPE');
  });

  test('100,000 nested elements in a cell cost nothing more than a flat file', async () => {
    const deep = `${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}`;
    const started = Date.now();
    const rows = await readTableFile(makeXlsx(`${header}<row r="2"><c r="A2" t="inlineStr"><is><t>ABC</t>${deep}</is></c></row>`), LIMITS);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(rows[1]).toEqual({ line: 2, values: ['ABC'] });
  });

  test('a macro-enabled workbook renamed .xlsx is refused', async () => {
    const file = makeXlsx(header, { extra: [{ name: 'xl/vbaProject.bin', data: Buffer.from('macro') }] });
    expect((await refusal(readTableFile(file, LIMITS, 'regras.xlsx'))).message).toMatch(/macros/);
    const typed = makeXlsx(header, { contentTypes: '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>' });
    expect((await refusal(readTableFile(typed, LIMITS))).message).toMatch(/macros/);
  });

  test('a truncated XLSX is refused as damaged', async () => {
    const whole = makeXlsx(`${header}<row r="2">${inlineCell('A2', 'TJP-1')}</row>`);
    const err = await refusal(readTableFile(whole.subarray(0, Math.floor(whole.length / 2)), LIMITS, 'catalogo.xlsx'));
    expect(err.message).toMatch(/danificado/);
  });

  test('a cell of more than 32,767 characters is refused with its line', async () => {
    const err = await refusal(readTableFile(makeXlsx(`${header}<row r="7">${inlineCell('A7', 'x'.repeat(40_000))}</row>`), LIMITS));
    expect(err.message).toMatch(/linha 7/);
  });

  test('more rows than the use allows are refused, naming the limit', async () => {
    const rows = Array.from({ length: 1_001 }, (_, i) => `<row r="${i + 2}">${inlineCell(`A${i + 2}`, 'X')}</row>`).join('');
    const err = await refusal(readTableFile(makeXlsx(`${header}${rows}`), LIMITS));
    expect(err.message).toMatch(/mais de 1 000 linhas/);
    const quick = await refusal(quickOrderLinesFromFile('encomenda.xlsx', makeXlsx(`${header}${rows}`)));
    expect(quick.message).toMatch(/500 linhas/);
  });

  test('what Excel writes is read as written: shared strings, numbers, dates, formulas, booleans', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Regras');
    sheet.addRow(['nif', 'grupo', 'percentagem', 'inicio', 'ativo']);
    sheet.addRow(['501234567', 'Torneiras ção', 12.5, new Date(Date.UTC(2026, 10, 27)), true]);
    sheet.addRow([{ formula: '1+1', result: 2 }, { richText: [{ text: 'Ba' }, { text: 'nho' }] }, 0.1 + 0.2, null, false]);
    sheet.getCell('D2').numFmt = 'dd/mm/yyyy';
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const rows = await readTableFile(bytes, LIMITS, 'regras.xlsx');
    expect(rows).toEqual([
      { line: 1, values: ['nif', 'grupo', 'percentagem', 'inicio', 'ativo'] },
      { line: 2, values: ['501234567', 'Torneiras ção', '12.5', '2026-11-27', 'true'] },
      { line: 3, values: ['2', 'Banho', String(0.1 + 0.2), '', 'false'] },
    ]);
  });
});

describe('CSV files', () => {
  const catalogueCsv = 'chapter_code;family_code;product_id;product_name;model_code;price\n10;10-010;P1;Torneira Lavatório;TJP-1;12,5\n';

  test('UTF-16 (Excel "Unicode text") and Windows-1252/Latin-1 are read with their accents', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(catalogueCsv, 'utf16le')]);
    const latin1 = Buffer.from(catalogueCsv, 'latin1');
    for (const bytes of [utf16, latin1]) {
      const read = await readTableBytes(bytes);
      expect(read.issues).toEqual([]);
      expect(read.rows[0]?.cells.product_name).toBe('Torneira Lavatório');
    }
  });

  test('a line of 10 million characters is refused before parsing, naming the line and the limit', async () => {
    const bytes = Buffer.from(`codigo;quantidade\nTJP-1;${'9'.repeat(10_000_000)}\n`);
    const err = await refusal(readTableFile(bytes, LIMITS));
    expect(statusOf(err.code)).toBe(413);
    expect(err.message).toMatch(/linha 2 tem mais de 200 000 caracteres/i);
  });

  test('a million empty lines are refused, naming the limit', async () => {
    const err = await refusal(readTableFile(Buffer.from(`codigo;quantidade\n${'\n'.repeat(1_000_000)}`), LIMITS));
    expect(err.message).toMatch(/mais de 3 000 linhas/);
  });

  test('a binary file is not taken for text; an empty file is refused', async () => {
    expect(statusOf((await refusal(readTableFile(Buffer.from([0x00, 0x01, 0x02, 0x00, 0x41, 0x00, 0x00, 0x00, 0x10]), LIMITS))).code)).toBe(415);
    expect((await refusal(readTableFile(Buffer.alloc(0), LIMITS))).message).toMatch(/vazio/);
  });

  test('a file over the byte limit is refused before it is decoded', async () => {
    const err = await refusal(readTableFile(Buffer.alloc(31 * 1024 * 1024, 0x41), LIMITS));
    expect(statusOf(err.code)).toBe(413);
    expect(err.message).toMatch(/30 MB/);
  });

  test('a quick-order CSV in Latin-1 keeps its lines and numbers', async () => {
    const lines = await quickOrderLinesFromFile('pedido.csv', Buffer.from('código;quantidade\nTJP-1;2\n\nTJP-2;3', 'latin1'));
    expect(lines.map((l) => l.text)).toEqual(['código;quantidade', 'TJP-1;2', '', 'TJP-2;3']);
  });
});

describe('the zip container itself', () => {
  test('thousands of parts are refused before any is read', async () => {
    const parts = Array.from({ length: 2_500 }, (_, i) => ({ name: `x/${i}.xml`, data: '<a/>' }));
    const err = await refusal(readTableFile(makeZip(parts), LIMITS));
    expect(err.message).toMatch(/máximo 2000/);
  });
});

describe('multipart forms (server/files/multipart.ts)', () => {
  const boundary = 'ReaderBoundary7MA4YWxkTrZu0gW';
  const MB = 1024 * 1024;

  /** A form streamed in 64 KB pieces (never held whole by the test): fields, then one file of `fileBytes`. */
  function streamedForm(fields: Record<string, string>, file: { name: string; fileName: string; bytes: number }, chunked = false): Request {
    const head = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const piece = new Uint8Array(64 * 1024).fill(0x41);
    const enc = new TextEncoder();
    let sent = -1;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < 0) {
          controller.enqueue(enc.encode(head + fileHead));
          sent = 0;
        } else if (sent < file.bytes) {
          const next = piece.subarray(0, Math.min(piece.byteLength, file.bytes - sent));
          sent += next.byteLength;
          controller.enqueue(next);
        } else {
          controller.enqueue(enc.encode(tail));
          controller.close();
        }
      },
    });
    const length = enc.encode(head + fileHead).byteLength + file.bytes + enc.encode(tail).byteLength;
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (!chunked) headers['content-length'] = String(length);
    return new Request('http://localhost/upload', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  }

  test('fields and a file within its limit are read; file fields the form does not expect are skipped', async () => {
    const form = await readMultipartForm(streamedForm({ title: 'Catálogo Roca 2026', year: '2026' }, { name: 'cover', fileName: 'capa.png', bytes: 300_000 }), {
      files: { cover: 15 * MB },
    });
    expect(form?.get('title')).toBe('Catálogo Roca 2026');
    const cover = form?.get('cover');
    expect(cover).toBeInstanceOf(File);
    expect((cover as File).size).toBe(300_000);
    expect((cover as File).name).toBe('capa.png');
    const other = await readMultipartForm(streamedForm({ a: '1' }, { name: 'unexpected', fileName: 'x.bin', bytes: 5 * MB }), { files: { cover: MB } });
    expect(other?.get('a')).toBe('1');
    expect(other?.has('unexpected')).toBe(false);
  });

  test('a 60 MB file sent as a 15 MB cover is refused as it arrives (413, the limit named), without holding it', async () => {
    global.gc?.();
    const err = await refusal(readMultipartForm(streamedForm({ title: 'x' }, { name: 'cover', fileName: 'big.png', bytes: 60 * MB }), { files: { cover: 15 * MB } }));
    expect(statusOf(err.code)).toBe(413);
    expect(err.message).toContain('15 MB');
  });

  test('the same file sent without a length is refused the same way', async () => {
    const err = await refusal(readMultipartForm(streamedForm({}, { name: 'cover', fileName: 'big.png', bytes: 60 * MB }, true), { files: { cover: 15 * MB } }));
    expect(statusOf(err.code)).toBe(413);
  });

  test('a text field over its limit is refused; a body that is not a form, or is cut short, reads as null', async () => {
    const long = await refusal(readMultipartForm(streamedForm({ note: 'x'.repeat(70 * 1024) }, { name: 'cover', fileName: 'a.png', bytes: 10 }), { files: { cover: MB } }));
    expect(statusOf(long.code)).toBe(413);
    expect(await readMultipartForm(new Request('http://localhost/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), { files: {} })).toBeNull();
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="a.png"\r\n\r\nAAAA`;
    expect(await readMultipartForm(new Request('http://localhost/', { method: 'POST', body: cut, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }), { files: { cover: MB } })).toBeNull();
  });
});
