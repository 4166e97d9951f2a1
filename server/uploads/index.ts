import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@/server/errors';
import { fileError } from '@/server/files/limits';
import { sharp, withSharp } from '@/server/media/sharp';
import { getStorage } from '@/server/storage';

/**
 * Staff uploads of the admin area (product images, brand logos, campaign images,
 * drawings, technical-sheet and supplier-catalogue PDFs). One door for all of them:
 * 1. the size is limited (images 15 MB, PDFs 50 MB) before anything is decoded;
 * 2. the type comes from the content (magic bytes), never from the name or the browser's type:
 *    JPEG, PNG, WebP, GIF, AVIF/HEIF... are images, `%PDF-` a PDF; anything else is refused;
 * 3. images are decoded by sharp (its queue), turned upright (EXIF orientation), stripped of
 *    metadata, fitted inside 2000×2000 and stored as WebP (logos: PNG with transparency kept);
 * 4. the bytes go to the one storage module (`server/storage`: DATA_DIR now, a bucket later) under
 *    `uploads/<kind>/<yyyy>/<random>.<ext>`, and are served by `GET /media/uploads/…`
 *    (app/media/uploads), with `?w=` for a smaller WebP of an image.
 * Refusals are AppErrors with keys of the `Admin` messages (bad_request / payload_too_large).
 */

export type UploadKind = 'images' | 'logos' | 'documents' | 'drawings' | 'covers';
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heif' | 'tiff' | 'svg' | 'pdf';

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
const MAX_INPUT_PIXELS = 60_000_000;
/** Seconds sharp may spend on one upload (a crafted file that decodes slowly is cut off). */
export const IMAGE_SECONDS = 15;
const MAX_SIDE = 2000;

/** What the first bytes of a file say it is (null: nothing accepted here). */
export function sniffFile(input: Uint8Array): SniffedType | null {
  const b = Buffer.from(input.buffer, input.byteOffset, Math.min(input.byteLength, 512));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const brand = b.toString('latin1', 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'mif1', 'msf1', 'heim', 'heis'].includes(brand)) return 'heif';
  }
  if (b.length >= 4 && (b.toString('latin1', 0, 4) === 'II*\u0000' || b.toString('latin1', 0, 4) === 'MM\u0000*')) return 'tiff';
  // A PDF may have a few bytes of junk before its header (the spec allows 1024).
  const head = Buffer.from(input.buffer, input.byteOffset, Math.min(input.byteLength, 1024)).toString('latin1');
  if (head.includes('%PDF-') && head.indexOf('%PDF-') < 1024) return 'pdf';
  const text = b.toString('utf8').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'svg';
  return null;
}

export interface StoredUpload {
  /** Storage key: `uploads/images/2026/ab12….webp`. */
  key: string;
  /** Public URL: `/media/uploads/images/2026/ab12….webp`. */
  url: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
  /** SHA-256 of the stored bytes (hex). */
  sha256: string;
}

function megabytes(n: number): string {
  return `${Math.round(n / 1024 / 1024)} MB`;
}

function tooLarge(max: number): AppError {
  return new AppError({ code: 'payload_too_large', key: 'Admin.uploadTooLarge', values: { max: megabytes(max) } });
}

/** What a refused file is, for the refusal's words (`Admin.uploadWrongKind`'s `found`). */
export type FoundKind = SniffedType | 'zip' | 'office' | 'text' | 'empty' | 'unknown';

export function describeFile(input: Uint8Array): FoundKind {
  if (input.byteLength === 0) return 'empty';
  const sniffed = sniffFile(input);
  if (sniffed) return sniffed;
  const b = Buffer.from(input.buffer, input.byteOffset, Math.min(input.byteLength, 4096));
  if (b.length >= 4 && b.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (b.length >= 4 && b.readUInt32BE(0) === 0xd0cf11e0) return 'office';
  // Text: no NUL and no other control byte than tab, line feed and carriage return.
  if (!b.some((c) => c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 13))) return 'text';
  return 'unknown';
}

/** The refusal of a file of the wrong kind: what it is and what this upload accepts. */
function wrongType(accepted: string, input: Uint8Array): AppError {
  return new AppError({ code: 'unsupported_media_type', key: 'Admin.uploadWrongKind', values: { found: describeFile(input), accepted } });
}

function tooManyPixels(width: number, height: number): AppError {
  return fileError('imageTooManyPixels', { width, height, max: MAX_INPUT_PIXELS / 1_000_000 }, 'payload_too_large');
}

function unreadable(): AppError {
  return new AppError({ code: 'bad_request', key: 'Admin.uploadUnreadable' });
}

function keyFor(kind: UploadKind, ext: string): string {
  return `uploads/${kind}/${new Date().getUTCFullYear()}/${randomBytes(12).toString('hex')}.${ext}`;
}

export function uploadUrl(key: string): string {
  return `/media/${key}`;
}

/** The storage key of an upload's public URL (null for anything else: generated images, external URLs). */
export function uploadKeyOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/media/uploads/')) return null;
  const key = url.slice('/media/'.length).split('?')[0] ?? '';
  return /^uploads\/[a-z]+\/\d{4}\/[a-f0-9]{24}\.(webp|png|pdf|jpg)$/.test(key) ? key : null;
}

async function put(key: string, data: Buffer, contentType: string, extra: Partial<StoredUpload> = {}): Promise<StoredUpload> {
  await getStorage().put(key, data);
  return { key, url: uploadUrl(key), contentType, bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex'), ...extra };
}

/**
 * An image upload: sniffed, decoded, upright, without metadata, at most 2000 px a side, stored as
 * WebP (`logos`: PNG, keeping transparency and sharp edges). SVG is refused (scripts).
 */
export async function storeImageUpload(input: Uint8Array, kind: Extract<UploadKind, 'images' | 'logos' | 'drawings' | 'covers'> = 'images'): Promise<StoredUpload> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw tooLarge(MAX_IMAGE_BYTES);
  const sniffed = sniffFile(input);
  if (!sniffed || sniffed === 'pdf' || sniffed === 'svg') throw wrongType('uma imagem JPG, PNG, WebP, GIF ou AVIF', input);
  const buffer = Buffer.from(input);
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await withSharp(async () => {
      // The header first (nothing decoded): a 50,000 × 50,000 PNG of a few KB is refused here.
      const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
      if (!meta.width || !meta.height) throw unreadable();
      if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels(meta.width, meta.height);
      const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .timeout({ seconds: IMAGE_SECONDS })
        .rotate()
        .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      return kind === 'logos'
        ? pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /timeout/i.test(err.message)) throw fileError('imageTimeout', undefined, 'unprocessable');
    throw unreadable();
  }
  const ext = kind === 'logos' ? 'png' : 'webp';
  return put(keyFor(kind, ext), out.data, kind === 'logos' ? 'image/png' : 'image/webp', { width: out.info.width, height: out.info.height });
}

/** A PDF upload (technical sheets, supplier catalogues): sniffed by its `%PDF-` header, kept as is. */
export async function storePdfUpload(input: Uint8Array, kind: Extract<UploadKind, 'documents'> = 'documents'): Promise<StoredUpload> {
  if (input.byteLength > MAX_PDF_BYTES) throw tooLarge(MAX_PDF_BYTES);
  if (sniffFile(input) !== 'pdf') throw wrongType('um PDF', input);
  const data = Buffer.from(input);
  if (!data.subarray(Math.max(0, data.length - 2048)).toString('latin1').includes('%%EOF')) throw unreadable();
  return put(keyFor(kind, 'pdf'), data, 'application/pdf');
}

/** The bytes of a browser `File` (server actions get FormData files) with the size checked first. */
export async function fileBytes(file: File, max: number): Promise<Uint8Array> {
  if (file.size > max) throw tooLarge(max);
  return new Uint8Array(await file.arrayBuffer());
}
