/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { GET } from '@/app/media/avatars/[file]/route';
import { toViewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import messages from '@/messages/pt-PT.json';
import { uploadAvatarAction } from '@/server/account/actions';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { setupTestDatabase } from '../helpers/db';

/**
 * Avatar uploads (issue 9): the file's magic bytes are checked before any decoder sees it, a
 * header above 16 megapixels is refused without decoding, and pictures are served privately.
 */
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
/** The request being served (a full-feature host): the avatar actions check the profile flags. */
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000' }),
}));

setupTestDatabase();

const USER_ID = 'avatarLimits_01';
const viewer = toViewer({ id: USER_ID, email: 'rui.avatar@example.pt', name: 'Rui', fullName: 'Rui Avatar' }, 'viewer');
const env = process.env as Record<string, string | undefined>;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-avatar-limits-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  const db = await getDb();
  await db.insert(users).values({ id: USER_ID, name: 'Rui', email: 'rui.avatar@example.pt', fullName: 'Rui Avatar' });
});

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => jest.mocked(getViewer).mockResolvedValue(viewer));

function form(body: BlobPart, name: string, type: string): FormData {
  const data = new FormData();
  data.set('avatar', new File([body], name, { type }));
  return data;
}

async function storedUrl(): Promise<string | null> {
  const [row] = await (await getDb()).select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, USER_ID));
  return row?.avatarUrl ?? null;
}

const text = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages) as string;

describe('avatar limits', () => {
  it('refuses a 20-megapixel PNG (a small file) with its own Portuguese message', async () => {
    const png = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#2a7' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(2 * 1024 * 1024); // small enough to pass the size check
    const result = await uploadAvatarAction(form(new Uint8Array(png), 'enorme.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { avatar: ['Validation.imageTooManyPixels'] } },
    });
    expect(text('Validation.imageTooManyPixels')).toMatch(/16 megapíxeis/);
    expect(await storedUrl()).toBeNull();
  });

  it('refuses a file whose bytes are not JPEG/PNG/WebP, whatever its name and type say', async () => {
    const notImage = { ok: false, error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { avatar: ['Validation.imageType'] } } };
    expect(await uploadAvatarAction(form('<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"/>', 'foto.png', 'image/png'))).toEqual(notImage);
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).tiff().toBuffer();
    expect(await uploadAvatarAction(form(new Uint8Array(tiff), 'foto.jpg', 'image/jpeg'))).toEqual(notImage);
    // PNG magic bytes, then nothing a decoder can read.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('não é uma imagem')]);
    expect(await uploadAvatarAction(form(new Uint8Array(fake), 'foto.png', 'image/png'))).toEqual(notImage);
    expect(text('Validation.imageType')).toBe('Escolha uma imagem JPG, PNG ou WebP.');
    expect(await storedUrl()).toBeNull();
  });

  it('accepts a 12-megapixel JPEG (a phone photo) and serves it private, no-store', async () => {
    const jpeg = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#38c' } }).jpeg({ quality: 60 }).toBuffer();
    const result = await uploadAvatarAction(form(new Uint8Array(jpeg), 'telefone.jpg', 'image/jpeg'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const file = path.basename(result.data.url);
    const response = await GET(new Request(`http://localhost${result.data.url}`), { params: Promise.resolve({ file }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-type')).toBe('image/webp');
  });
});
