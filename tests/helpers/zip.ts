import zlib from 'node:zlib';

/**
 * A minimal ZIP writer for tests that need containers a spreadsheet program would never write:
 * parts whose declared size lies, macro parts, any XML. Deflates each part (or stores it).
 */
export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Uncompressed size to declare instead of the real one (a lying header). */
  declaredSize?: number;
  store?: boolean;
}

const crc32 = (data: Buffer): number => (typeof (zlib as { crc32?: (d: Buffer) => number }).crc32 === 'function' ? (zlib as unknown as { crc32: (d: Buffer) => number }).crc32(data) : 0);

export function makeZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const data = part.store ? raw : zlib.deflateRawSync(raw);
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? raw.length;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.store ? 0 : 8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.store ? 0 : 8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Folha1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** An XLSX whose first sheet is `sheetXml` (the `<sheetData>` content or a whole part), with optional shared strings and extra parts. */
export function makeXlsx(sheetData: string | Buffer, options: { sharedStrings?: string | Buffer; extra?: ZipPart[]; sheetDeclaredSize?: number; sharedDeclaredSize?: number; contentTypes?: string } = {}): Buffer {
  const sheet = Buffer.isBuffer(sheetData)
    ? sheetData
    : `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`;
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', data: options.contentTypes ?? CONTENT_TYPES },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: RELS },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: options.sheetDeclaredSize },
  ];
  if (options.sharedStrings !== undefined) parts.push({ name: 'xl/sharedStrings.xml', data: options.sharedStrings, declaredSize: options.sharedDeclaredSize });
  return makeZip([...parts, ...(options.extra ?? [])]);
}

/** An inline-string cell. */
export const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
