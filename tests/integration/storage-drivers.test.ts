/** @jest-environment node */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import { toAppError, errorResponse } from '@/server/api/errors';
import { resetEnvCache } from '@/lib/env';
import { filesystemStorage, getStorage, setStorage, storageDescription, StorageUnavailableError, type FileStorage } from '@/server/storage';
import { s3Storage } from '@/server/storage/s3';

/**
 * The two drivers of server/storage hold to one contract (whole objects by key, atomic
 * replace, null for what is missing), the S3 one against a real S3 server on this machine
 * (s3rver, which speaks the S3 API as AWS, Supabase Storage, R2 and MinIO do). A store that
 * cannot be reached is a StorageUnavailableError, answered 503 with Retry-After.
 */

// s3rver is CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function contract(name: string, make: () => FileStorage) {
  describe(`${name}: the storage contract`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = make();
    });

    test('put then get returns the same bytes; stat gives the size and a recent time', async () => {
      const bytes = Buffer.from('%PDF-1.7 encomenda EN-2026-000123 — ç ã €', 'utf8');
      await storage.put('orders/2026/EN-2026-000123.pdf', bytes);
      expect(Buffer.compare((await storage.get('orders/2026/EN-2026-000123.pdf'))!, bytes)).toBe(0);
      const stat = await storage.stat('orders/2026/EN-2026-000123.pdf');
      expect(stat?.size).toBe(bytes.byteLength);
      expect(Math.abs(Date.now() - stat!.modifiedAt.getTime())).toBeLessThan(120_000);
      expect(await storage.exists('orders/2026/EN-2026-000123.pdf')).toBe(true);
    });

    test('a second put replaces the object whole', async () => {
      await storage.put('price-lists/lista.csv', Buffer.from('a;b\n1;2\n'));
      await storage.put('price-lists/lista.csv', Buffer.from('x\n'));
      expect((await storage.get('price-lists/lista.csv'))?.toString()).toBe('x\n');
    });

    test('what is missing is null, not an error; delete of nothing is fine', async () => {
      expect(await storage.get('orders/none.pdf')).toBeNull();
      expect(await storage.stat('orders/none.pdf')).toBeNull();
      expect(await storage.exists('orders/none.pdf')).toBe(false);
      await expect(storage.delete('orders/none.pdf')).resolves.toBeUndefined();
    });

    test('delete removes the object', async () => {
      await storage.put('uploads/images/a.webp', Buffer.from([1, 2, 3]));
      await storage.delete('uploads/images/a.webp');
      expect(await storage.get('uploads/images/a.webp')).toBeNull();
    });

    test('a large object (12 MB, a supplier catalogue) comes back intact', async () => {
      const big = Buffer.alloc(12 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
      await storage.put('documents/catalogo.pdf', big);
      expect(Buffer.compare((await storage.get('documents/catalogo.pdf'))!, big)).toBe(0);
    });

    test('list gives the keys under a prefix, and only those', async () => {
      await storage.put('avatars/u1-1.webp', Buffer.from('a'));
      await storage.put('avatars/u1-2.webp', Buffer.from('b'));
      await storage.put('avatars/u2-1.webp', Buffer.from('c'));
      await storage.put('avatarsx/u1-9.webp', Buffer.from('d'));
      expect((await storage.list('avatars/u1-')).sort()).toEqual(['avatars/u1-1.webp', 'avatars/u1-2.webp']);
      expect((await storage.list('avatars/')).sort()).toEqual(['avatars/u1-1.webp', 'avatars/u1-2.webp', 'avatars/u2-1.webp']);
      expect(await storage.list('nothing-here/')).toEqual([]);
    });

    test('keys made of random base64url ids (a leading - or _) are kept like any other', async () => {
      for (const key of ['price-lists/_fOtb5NFl2FYEKnaGG8y-Q.xlsx', 'avatars/-3bhBsIDnOBZFpMORHtzWw-1700000000000.webp']) {
        await storage.put(key, Buffer.from(key));
        expect((await storage.get(key))?.toString()).toBe(key);
      }
    });

    test('keys that could leave the store are refused before anything is sent', async () => {
      for (const key of ['../x', 'a/../../b', '/abs', '.hidden', 'a//b', '']) {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Chave de armazenamento inválida/);
      }
    });
  });
}

const fsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-fs-'));
afterAll(() => fs.rmSync(fsRoot, { recursive: true, force: true }));
contract('filesystem', () => filesystemStorage(fsRoot));

let s3: { close(): Promise<void> } | null = null;
let s3Port = 0;
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-s3-'));
const config = () => ({
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${s3Port}`,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  maxAttempts: 1,
});

beforeAll(async () => {
  s3Port = await freePort();
  const server = new S3rver({ port: s3Port, address: '127.0.0.1', directory: s3Dir, silent: true });
  await server.run();
  s3 = server;
  await new S3Client(config()).send(new CreateBucketCommand({ Bucket: 'loja' }));
});
afterAll(async () => {
  await s3?.close().catch(() => undefined);
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

contract('S3 (s3rver)', () => s3Storage({ bucket: 'loja', prefix: 'testes/', config: config() }));

describe('S3 specifics', () => {
  test('the prefix keeps one shop or environment apart from another in the same bucket', async () => {
    const a = s3Storage({ bucket: 'loja', prefix: 'producao/', config: config() });
    const b = s3Storage({ bucket: 'loja', prefix: 'ensaio/', config: config() });
    await a.put('orders/x.pdf', Buffer.from('A'));
    expect(await b.get('orders/x.pdf')).toBeNull();
    expect((await a.get('orders/x.pdf'))?.toString()).toBe('A');
  });

  test('a store that cannot be reached is StorageUnavailableError, answered 503 with Retry-After and the JSON error', async () => {
    const away = s3Storage({ bucket: 'loja', config: { ...config(), endpoint: `http://127.0.0.1:${await freePort()}` } });
    let error: unknown = null;
    try {
      await away.get('orders/x.pdf');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StorageUnavailableError);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = errorResponse(toAppError(error));
    spy.mockRestore();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    const body = (await response.json()) as { success: boolean; error: { code: string; message: string } };
    expect(body).toMatchObject({ success: false, error: { code: 'unavailable' } });
    expect(body.error.message).toMatch(/temporariamente indisponíveis/);
  });
});

describe('choosing the driver', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
    setStorage(undefined);
  });

  test('S3_BUCKET set: the shop keeps its files in the bucket (endpoint and credentials from the AWS variables, path-style)', async () => {
    Object.assign(process.env, {
      S3_BUCKET: 'loja',
      S3_PREFIX: 'escolha',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    resetEnvCache();
    setStorage(undefined);
    expect(storageDescription()).toBe('s3:loja/escolha/');
    await getStorage().put('orders/escolhido.pdf', Buffer.from('no bucket'));
    const direct = s3Storage({ bucket: 'loja', prefix: 'escolha/', config: config() });
    expect((await direct.get('orders/escolhido.pdf'))?.toString()).toBe('no bucket');
  });

  test('without S3_BUCKET: the filesystem under DATA_DIR', () => {
    delete process.env.S3_BUCKET;
    process.env.DATA_DIR = fsRoot;
    resetEnvCache();
    setStorage(undefined);
    expect(storageDescription()).toBe(`filesystem:${path.join(fsRoot, 'storage')}`);
  });

  test('a bucket name S3 would refuse is a configuration error at start, in both languages', () => {
    process.env.S3_BUCKET = 'Loja_Errada';
    resetEnvCache();
    expect(() => getStorage()).toThrow(/S3_BUCKET: nome de bucket inválido/);
  });
});
