/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { GET } from '@/app/media/avatars/[file]/route';
import { toViewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { removeAvatarAction, uploadAvatarAction } from '@/server/account/actions';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { setupTestDatabase } from '../helpers/db';

jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
/** The request being served: its Host decides the feature flags. */
const mockRequestHeaders = new Map<string, string>([['host', 'localhost:3000']]);
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
}));

setupTestDatabase();

const USER_ID = 'avatarUser_01';
const viewer = toViewer({ id: USER_ID, email: 'ana.avatar@example.pt', name: 'Ana', fullName: 'Ana Avatar' }, 'viewer');
const env = process.env as Record<string, string | undefined>;
let tmp: string;
// The filesystem driver of server/storage keeps the key avatars/<file> under DATA_DIR/storage.
const avatarDir = () => path.join(tmp, 'storage', 'avatars');

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-avatar-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  const db = await getDb();
  await db.insert(users).values({ id: USER_ID, name: 'Ana', email: 'ana.avatar@example.pt', fullName: 'Ana Avatar' });
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

/** The answer to a file that is not a JPG/PNG/WebP image, whether its type or its content gives it away. */
const NOT_IMAGE = {
  ok: false,
  error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { avatar: ['Validation.imageType'] } },
};

async function realPng(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

async function storedUrl(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, USER_ID));
  return row?.avatarUrl ?? null;
}

const serve = (file: string) =>
  GET(new Request(`http://localhost/media/avatars/${file}`), { params: Promise.resolve({ file }) });

describe('avatar upload', () => {
  it('stores a real PNG as a 256×256 WebP, sets avatar_url and serves it', async () => {
    const result = await uploadAvatarAction(form(new Uint8Array(await realPng()), 'foto.png', 'image/png'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.url).toMatch(new RegExp(`^/media/avatars/${USER_ID}-\\d+\\.webp$`));
    expect(await storedUrl()).toBe(result.data.url);

    const file = path.basename(result.data.url);
    const stored = fs.readFileSync(path.join(avatarDir(), file));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const response = await serve(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(stored)).toBe(true);
  });

  it('replaces the previous file of the user', async () => {
    const before = await storedUrl();
    expect(before).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    const result = await uploadAvatarAction(form(new Uint8Array(await realPng(300, 900)), 'alta.png', 'image/png'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.url).not.toBe(before);
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(result.data.url)]);
    expect((await serve(path.basename(before ?? ''))).status).toBe(404);
  });

  it('refuses a text file renamed .png and keeps the current picture', async () => {
    const before = await storedUrl();
    const result = await uploadAvatarAction(form('isto não é uma imagem', 'falsa.png', 'image/png'));
    expect(result).toEqual(NOT_IMAGE);
    expect(await storedUrl()).toBe(before);
    expect(fs.readdirSync(avatarDir())).toHaveLength(1);
  });

  it('refuses other types (a GIF, a file with a text type)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    expect(await uploadAvatarAction(form(new Uint8Array(gif), 'a.gif', 'image/gif'))).toEqual(NOT_IMAGE);
    expect(await uploadAvatarAction(form(new Uint8Array(gif), 'a.png', ''))).toEqual(NOT_IMAGE);
    expect(await uploadAvatarAction(form('olá', 'nota.txt', 'text/plain'))).toEqual(NOT_IMAGE);
    expect(await uploadAvatarAction(new FormData())).toEqual(NOT_IMAGE);
  });

  it('refuses a 3 MB file', async () => {
    const before = await storedUrl();
    const big = Buffer.alloc(3 * 1024 * 1024);
    (await realPng()).copy(big); // a PNG header followed by padding: the size check comes first
    const result = await uploadAvatarAction(form(new Uint8Array(big), 'grande.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { avatar: ['Validation.imageTooBig'] } },
    });
    expect(await storedUrl()).toBe(before);
  });

  it('needs a session', async () => {
    jest.mocked(getViewer).mockResolvedValue(null);
    const result = await uploadAvatarAction(form(new Uint8Array(await realPng()), 'foto.png', 'image/png'));
    const signedOut = { ok: false, error: { code: 'unauthorized', message: 'Errors.unauthenticated' } };
    expect(result).toEqual(signedOut);
    expect(await removeAvatarAction()).toEqual(signedOut);
  });

  it('removes the picture and its file', async () => {
    const before = await storedUrl();
    expect(await removeAvatarAction()).toEqual({ ok: true, data: { url: null } });
    expect(await storedUrl()).toBeNull();
    expect(fs.readdirSync(avatarDir())).toEqual([]);
    expect((await serve(path.basename(before ?? ''))).status).toBe(404);
  });
});

describe('ownership and flags', () => {
  const OTHER_ID = 'avatarOther_02';

  beforeAll(async () => {
    const db = await getDb();
    await db.insert(users).values({ id: OTHER_ID, name: 'Rui', email: 'rui.avatar@example.pt', fullName: 'Rui Outro' });
  });

  afterEach(() => {
    delete env.PRODUCTION_HOSTS;
    resetEnvCache();
    mockRequestHeaders.set('host', 'localhost:3000');
  });

  it("removing one's picture never deletes another user's file, whatever avatar_url says", async () => {
    // Another user's picture, stored the normal way.
    jest.mocked(getViewer).mockResolvedValue(toViewer({ id: OTHER_ID, email: 'rui.avatar@example.pt', name: 'Rui' }, 'viewer'));
    const theirs = await uploadAvatarAction(form(new Uint8Array(await realPng()), 'rui.png', 'image/png'));
    expect(theirs.ok).toBe(true);
    if (!theirs.ok) return;
    const theirFile = path.join(avatarDir(), path.basename(theirs.data.url));
    expect(fs.existsSync(theirFile)).toBe(true);

    // Our user's avatar_url pointing at that file (as an old /api/auth/update-user could write it).
    jest.mocked(getViewer).mockResolvedValue(viewer);
    const db = await getDb();
    await db.update(users).set({ avatarUrl: theirs.data.url }).where(eq(users.id, USER_ID));
    expect(await removeAvatarAction()).toEqual({ ok: true, data: { url: null } });
    expect(await storedUrl()).toBeNull();
    expect(fs.existsSync(theirFile)).toBe(true);
    expect((await serve(path.basename(theirs.data.url))).status).toBe(200);

    // Nor does an upload "replace" it.
    await db.update(users).set({ avatarUrl: theirs.data.url }).where(eq(users.id, USER_ID));
    const mine = await uploadAvatarAction(form(new Uint8Array(await realPng()), 'ana.png', 'image/png'));
    expect(mine.ok).toBe(true);
    expect(fs.existsSync(theirFile)).toBe(true);
    expect(await removeAvatarAction()).toEqual({ ok: true, data: { url: null } });
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(theirs.data.url)]);
  });

  it('is refused on a production host (profile flag off); administrators pass', async () => {
    env.PRODUCTION_HOSTS = 'loja.example.pt';
    resetEnvCache();
    mockRequestHeaders.set('host', 'loja.example.pt');
    const off = { ok: false, error: { code: 'feature_off', message: 'Errors.featureOff' } };
    expect(await uploadAvatarAction(form(new Uint8Array(await realPng()), 'foto.png', 'image/png'))).toEqual(off);
    expect(await removeAvatarAction()).toEqual(off);
    expect(await storedUrl()).toBeNull();

    jest.mocked(getViewer).mockResolvedValue(toViewer({ id: USER_ID, email: 'ana.avatar@example.pt', name: 'Ana', isAdmin: true }, 'admin'));
    expect(await removeAvatarAction()).toEqual({ ok: true, data: { url: null } });
  });
});

describe('GET /media/avatars/[file]', () => {
  it.each(['../secret.webp', 'foto.png', 'a.b-1.webp', '-1.webp', 'user-abc.webp'])('answers 404 JSON for the bad name %s', async (file) => {
    const response = await serve(file);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('answers 404 JSON for a missing file', async () => {
    const response = await serve('someone-123.webp');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found', message: 'Imagem não encontrada.' } });
  });
});
