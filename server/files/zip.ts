import 'server-only';
import zlib from 'node:zlib';
import { fileError, sizeText, ZIP_MAX_ENTRIES, ZIP_MAX_RATIO, zipRatioRefused } from './limits';

/**
 * A ZIP container (an XLSX) read from its central directory, without trusting it: the entries are
 * listed first (count, declared sizes, compression ratio, encryption), and an entry is inflated as
 * a stream that stops the moment it passes its bound — a part that lies about its size costs at
 * most the bound, never the memory it claims or hides.
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function broken(): Error {
  return fileError('unreadableXlsx');
}

/** The entries of the central directory; refuses a damaged, encrypted or oversized container. */
export function listZipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < 22) throw broken();
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const total = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (total === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw broken(); // ZIP64: no spreadsheet of ours needs it
  if (total > ZIP_MAX_ENTRIES) throw fileError('zipTooManyEntries', { max: ZIP_MAX_ENTRIES });
  if (offset + size > eocd) throw broken();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < total; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) throw broken();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (at + 46 + nameLength > eocd) throw broken();
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.some((e) => e.flags & 0x1)) throw fileError('encrypted');
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw broken();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw broken();
  return bytes.subarray(start, end);
}

/**
 * Streams the uncompressed bytes of `entry` to `onChunk`, in order, refusing it (before any work
 * when its declared size says so, or the moment the bytes pass the bound) when it is larger than
 * `maxBytes` or inflates more than ZIP_MAX_RATIO times. Returns the bytes produced.
 */
export async function streamZipEntry(bytes: Buffer, entry: ZipEntry, maxBytes: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  if (entry.method !== 0 && entry.method !== 8) throw broken();
  if (entry.uncompressedSize > maxBytes) throw fileError('zipEntryTooLarge', { max: sizeText(maxBytes) }, 'payload_too_large');
  if (zipRatioRefused(entry.compressedSize, entry.uncompressedSize)) throw fileError('zipRatio', { max: ZIP_MAX_RATIO }, 'payload_too_large');
  const data = entryData(bytes, entry);
  // A lying header is caught while inflating: the declared size (or the bound) is all it may produce.
  const bound = Math.min(maxBytes, Math.max(entry.uncompressedSize, 0));
  if (entry.method === 0) {
    if (data.length > bound) throw broken();
    onChunk(data);
    return data.length;
  }
  return new Promise<number>((resolve, reject) => {
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let produced = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (failed) return;
      produced += chunk.length;
      if (produced > bound) {
        fail(produced > maxBytes ? fileError('zipEntryTooLarge', { max: sizeText(maxBytes) }, 'payload_too_large') : broken());
        return;
      }
      if (zipRatioRefused(data.length, produced)) {
        fail(fileError('zipRatio', { max: ZIP_MAX_RATIO }, 'payload_too_large'));
        return;
      }
      try {
        onChunk(chunk);
      } catch (err) {
        fail(err as Error);
      }
    });
    inflate.on('error', () => fail(broken()));
    inflate.on('end', () => {
      if (!failed) resolve(produced);
    });
    inflate.end(data);
  });
}

/** A whole (small) entry as text, within `maxBytes`. */
export async function readZipText(bytes: Buffer, entry: ZipEntry, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  await streamZipEntry(bytes, entry, maxBytes, (c) => chunks.push(c));
  return Buffer.concat(chunks).toString('utf8');
}
