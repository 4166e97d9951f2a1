import 'server-only';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { tooLargeError } from './limits';

/**
 * Reads a multipart form as it arrives, with a byte limit per file field. `request.formData()`
 * buffers the whole body first, then copies each file: a 60 MB file sent as a 15 MB cover image
 * cost the server over 200 MB before anything could refuse it. Here a file part is kept only
 * while it stays within its field's limit; past it the request is refused (413, the limit named)
 * at once, and what is left of the body is drained without being kept. File parts of fields the
 * form does not expect are drained unread.
 */
export interface MultipartLimits {
  /** Field name → the bytes a file sent in it may weigh. Other file fields are ignored. */
  files: Record<string, number>;
  /** Bytes of one text field (64 KB). */
  maxFieldBytes?: number;
  /** Number of text fields (200). */
  maxFields?: number;
}

type BusboyInfo = { filename?: string; mimeType?: string; valueTruncated?: boolean };
type Busboy = NodeJS.WritableStream & {
  on(event: 'field', listener: (name: string | undefined, value: string, info?: BusboyInfo) => void): Busboy;
  on(event: 'file', listener: (name: string | undefined, stream: NodeJS.ReadableStream, info?: BusboyInfo) => void): Busboy;
  on(event: 'error' | 'close' | 'fieldsLimit' | 'filesLimit' | 'partsLimit', listener: (err?: Error) => void): Busboy;
};
type BusboyFactory = (options: {
  headers: Record<string, string>;
  defParamCharset?: string;
  limits?: { fieldSize?: number; fields?: number; files?: number; parts?: number };
}) => Busboy;

let factory: BusboyFactory | null = null;
function busboy(): BusboyFactory {
  // The parser Next itself reads forms with (no extra dependency).
  factory ??= createRequire(import.meta.url)('next/dist/compiled/busboy') as BusboyFactory;
  return factory;
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get('content-type')?.trim() ?? '');
}

/**
 * The form, or null when the body is not a readable multipart form (no boundary, cut short,
 * malformed): callers answer that with their own 400. Throws the 413 AppError of `tooLargeError`
 * for a file or field over its limit.
 */
export function readMultipartForm(request: Request, limits: MultipartLimits): Promise<FormData | null> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !isMultipart(request)) return Promise.resolve(null);
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxFields = limits.maxFields ?? 200;

  return new Promise<FormData | null>((resolve, reject) => {
    let parser: Busboy;
    try {
      parser = busboy()({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { fieldSize: maxFieldBytes, fields: maxFields, files: 20, parts: maxFields + 20 },
      });
    } catch {
      resolve(null); // no boundary
      return;
    }
    const form = new FormData();
    let settled = false;
    let pending = 0; // file parts still arriving
    let parsed = false;
    const refuse = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
      // The rest of the body keeps flowing through the parser (nothing kept), so that the
      // answer reaches a client still sending.
    };
    const unreadable = () => {
      if (settled) return;
      settled = true;
      resolve(null);
    };
    const finish = () => {
      if (settled || !parsed || pending > 0) return;
      settled = true;
      resolve(form);
    };

    parser.on('field', (name, value, info) => {
      if (settled || typeof name !== 'string' || name === '') return;
      if (info?.valueTruncated) return refuse(tooLargeError(maxFieldBytes));
      form.append(name, value);
    });
    parser.on('file', (name, stream, info) => {
      const limit = typeof name === 'string' && name !== '' ? limits.files[name] : undefined;
      if (settled || limit === undefined) {
        stream.resume();
        return;
      }
      pending += 1;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.byteLength;
        if (size > limit) {
          chunks.length = 0;
          refuse(tooLargeError(limit));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', unreadable);
      stream.on('end', () => {
        pending -= 1;
        if (settled) return;
        form.append(name as string, new File(chunks as Uint8Array<ArrayBuffer>[], info?.filename || 'ficheiro', { type: info?.mimeType || 'application/octet-stream' }));
        chunks.length = 0;
        finish();
      });
    });
    parser.on('fieldsLimit', () => refuse(tooLargeError(maxFieldBytes * maxFields)));
    parser.on('error', unreadable);
    parser.on('close', () => {
      parsed = true;
      finish();
    });

    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
    source.on('error', (err: Error) => {
      // A body over the route's limit (server/api/route.ts counts a chunked body) is a 413.
      if (err && typeof err === 'object' && 'code' in err && (err as { code?: unknown }).code === 'payload_too_large') refuse(err);
      else unreadable();
    });
    source.pipe(parser);
  });
}
