/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GET as uploadGet } from '@/app/media/uploads/[...key]/route';
import { resetEnvCache } from '@/lib/env';
import { isStaleData } from '@/lib/admin/stale';
import { listAudit, recordAudit } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { statusOf } from '@/server/api/errors';
import { AppError } from '@/server/errors';
import { recordCatalogueChanges } from '@/server/catalogue/changes';
import { getDb } from '@/server/db/client';
import { catalogueChanges } from '@/server/db/schema';
import { setStorage } from '@/server/storage';
import { storeImageUpload, storePdfUpload, uploadKeyOf } from '@/server/uploads';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13's shared pieces of the admin area: the audit log (who, when, the changed fields before
 * and after), the stale-version refusal, the catalogue change log, and uploads sniffed by their
 * content, processed by sharp, stored through server/storage and served at /media/uploads.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const actor = { id: 'u-editor', email: 'editor@example.pt', displayName: 'Eva Editora' };

beforeAll(() => {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-foundation-'));
  resetEnvCache();
  setStorage(undefined);
});

describe('audit log', () => {
  it('keeps only the changed fields of an update, with who and when, newest first', async () => {
    const db = await getDb();
    await recordAudit(db, { actor, entity: 'product', entityId: 42, action: 'create', after: { name: 'Torneira', price: '10.0000' } });
    await recordAudit(db, {
      actor,
      entity: 'product',
      entityId: 42,
      action: 'update',
      before: { name: 'Torneira', price: '10.0000', active: true },
      after: { name: 'Torneira de esfera', price: '10.0000', active: true },
    });
    const history = await listAudit('product', 42);
    expect(history.map((e) => e.action)).toEqual(['update', 'create']);
    expect(history[0]).toMatchObject({ actor: 'Eva Editora', changes: [{ field: 'name', before: 'Torneira', after: 'Torneira de esfera' }] });
    expect(await listAudit('product', 43)).toEqual([]);
  });

  it('does not record an update that changed nothing', async () => {
    const db = await getDb();
    const written = await recordAudit(db, { actor, entity: 'brand', entityId: 1, action: 'update', before: { name: 'A' }, after: { name: 'A' } });
    expect(written).toBe(false);
    expect(await listAudit('brand', 1)).toEqual([]);
  });
});

describe('stale versions', () => {
  it('refuses a save over a newer version with 409 and the record as it is now', () => {
    expect(() => assertVersion(3, 3, () => ({}))).not.toThrow();
    try {
      assertVersion(2, 3, () => ({ name: 'Nome novo' }));
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(statusOf(e.code)).toBe(409);
      expect(e.message).toMatch(/Este registo foi alterado por outra pessoa/);
      expect(isStaleData(e.data)).toBe(true);
      expect(e.data).toMatchObject({ version: 3, current: { name: 'Nome novo' } });
    }
  });
});

describe('catalogue change log', () => {
  it('records changes with their source, actor and values as text', async () => {
    const db = await getDb();
    const n = await recordCatalogueChanges(db, { source: 'admin', actor }, [
      { kind: 'price', chapterCode: 40, familyId: null, productId: null, productCode: 'P1', modelCode: 'M1', field: 'price', before: '1.5000', after: 2 },
      { kind: 'new', chapterCode: 40, familyId: null, productId: null, productCode: 'P2' },
    ]);
    expect(n).toBe(2);
    const rows = await db.select().from(catalogueChanges);
    expect(rows.find((r) => r.kind === 'price')).toMatchObject({ source: 'admin', actorName: 'Eva Editora', before: '1.5000', after: '2', modelCode: 'M1' });
  });
});

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'segredo' } } })
    .toBuffer();
}

function get(key: string, query = ''): Promise<Response> {
  const url = `http://localhost/media/${key}${query}`;
  return uploadGet(new Request(url) as never, { params: Promise.resolve({ key: key.split('/').slice(1) }) } as never);
}

describe('uploads', () => {
  it('turns an image into a WebP of at most 2000 px without metadata, served with a year of cache', async () => {
    const stored = await storeImageUpload(await png(3000, 1500));
    expect(stored.url).toMatch(/^\/media\/uploads\/images\/\d{4}\/[a-f0-9]{24}\.webp$/);
    expect(uploadKeyOf(stored.url)).toBe(stored.key);
    expect([stored.width, stored.height]).toEqual([2000, 1000]);
    const response = await get(stored.key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const small = await get(stored.key, '?w=300');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
  });

  it('judges a file by its content, not its name: text is refused as an image, an image as a PDF', async () => {
    await expect(storeImageUpload(Buffer.from('<html>not an image</html>'))).rejects.toMatchObject({ code: 'unsupported_media_type' });
    await expect(storeImageUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).rejects.toMatchObject({ code: 'unsupported_media_type' });
    await expect(storePdfUpload(await png(10, 10))).rejects.toMatchObject({ code: 'unsupported_media_type' });
    // A PNG header with nothing decodable after it.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    await expect(storeImageUpload(broken)).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('keeps a PDF as it is, and refuses one that is too large or cut short', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const stored = await storePdfUpload(pdf);
    const response = await get(stored.key);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
    await expect(storePdfUpload(Buffer.from('%PDF-1.4\n1 0 obj<<>>'))).rejects.toMatchObject({ code: 'bad_request' });
    await expect(storePdfUpload(Buffer.alloc(51 * 1024 * 1024))).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 404 for names that are not uploads and never leaves the uploads folder', async () => {
    expect((await get('uploads/images/2026/zzz.webp')).status).toBe(404);
    expect((await get('uploads/../storage/x.pdf')).status).toBe(404);
  });
});
