'use server';
import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dataDir } from '@/lib/env';
import { avatarSchema } from '@/lib/validation/account';
import { validatedAction } from '@/server/actions/validated-action';
import { limitRequest } from '@/server/auth/rate-limit';
import { AppError } from '@/server/api/errors';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';

/**
 * Profile picture of the signed-in user (spec 3 Profile, avatar_url), through validatedAction:
 * a session is required and the FormData field 'avatar' is checked by the form's own schema
 * (lib/validation/account). The upload is then decoded for real by sharp (a renamed text file is
 * refused), re-encoded as a 256×256 WebP without metadata, stored under DATA_DIR/uploads/avatars
 * and served by app/media/avatars/[file]/route.ts.
 * Only async functions may be exported from a 'use server' file: the constants stay private.
 */

const SIZE = 256;
const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'];
/** Decompression-bomb guard: a real photo has far fewer pixels (≈ 8000 × 6000). */
const MAX_INPUT_PIXELS = 50_000_000;
const URL_PREFIX = '/media/avatars/';
const FILE_NAME = /^[A-Za-z0-9_-]+-\d+\.webp$/;

/** A file sharp cannot read as a JPG, PNG or WebP: refused as the schema refuses a wrong type. */
const NOT_IMAGE = {
  code: 'bad_request' as const,
  key: 'Errors.badRequest',
  fieldErrors: { avatar: ['Validation.imageType'] },
};

function avatarDir(): string {
  return path.join(dataDir(), 'uploads', 'avatars');
}

/** The stored file behind an avatar URL of ours, or null (external or malformed URLs). */
function storedFileOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(URL_PREFIX)) return null;
  const name = url.slice(URL_PREFIX.length);
  return FILE_NAME.test(name) ? path.join(avatarDir(), name) : null;
}

async function removeFile(file: string | null): Promise<void> {
  if (!file) return;
  try {
    await fs.unlink(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') console.error('[avatar] erro ao apagar', file, err);
  }
}

async function currentAvatarUrl(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row?.avatarUrl ?? null;
}

/** Decodes the upload and returns the 256×256 WebP, or null when it is not a JPG/PNG/WebP image. */
async function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.includes(meta.format)) return null;
    return await image
      .rotate() // EXIF orientation, then the metadata (GPS…) is dropped
      .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Upload (FormData field 'avatar'): the new URL, or the key of what is wrong with the file. */
export const uploadAvatarAction = validatedAction(
  { schema: avatarSchema, session: 'required' },
  async ({ avatar }, { viewer, ip }) => {
    await limitRequest('upload', { ip, email: viewer.email });
    const webp = await toAvatarWebp(Buffer.from(await avatar.arrayBuffer()));
    if (!webp) throw new AppError(NOT_IMAGE);

    const safeId = viewer.id.replace(/[^A-Za-z0-9_-]/g, '') || 'user';
    const name = `${safeId}-${Date.now()}.webp`;
    const dir = avatarDir();
    const target = path.join(dir, name);
    const url = `${URL_PREFIX}${name}`;
    const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    let written = false;
    try {
      const previous = storedFileOf(await currentAvatarUrl(viewer.id));
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(tmp, webp);
      await fs.rename(tmp, target);
      written = true;
      const db = await getDb();
      await db.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      if (previous !== target) await removeFile(previous);
      return { url };
    } catch (err) {
      console.error('[avatar] erro ao guardar', err);
      await removeFile(written ? target : tmp);
      throw new AppError({ code: 'internal_error', key: 'Account.avatar.saveFailed' });
    }
  },
);

/** Removes the picture: avatar_url back to null and the stored file deleted. */
export const removeAvatarAction = validatedAction(
  { schema: z.object({}).optional(), session: 'required' },
  async (_input, { viewer }) => {
    try {
      const previous = storedFileOf(await currentAvatarUrl(viewer.id));
      const db = await getDb();
      await db.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      await removeFile(previous);
      return { url: null };
    } catch (err) {
      console.error('[avatar] erro ao remover', err);
      throw new AppError({ code: 'internal_error', key: 'Account.avatar.removeFailed' });
    }
  },
);
