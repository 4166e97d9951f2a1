'use server';
import 'server-only';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FeatureFlag } from '@/lib/flags';
import { avatarSchema } from '@/lib/validation/account';
import { validatedAction } from '@/server/actions/validated-action';
import { limitRequest } from '@/server/auth/rate-limit';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { getStorage } from '@/server/storage';
import { users } from '@/server/db/schema';
import { sharp, withSharp } from '@/server/media/sharp';
import { IMAGE_SECONDS } from '@/server/uploads';
import { forgetCachedSessions } from '@/server/redis/sessions';
import { logger } from '@/server/log';

const log = logger('avatar');

/**
 * Profile picture of the signed-in user (spec 3 Profile, avatar_url), through validatedAction:
 * a session is required and the FormData field 'avatar' is checked by the form's own schema
 * (lib/validation/account). The upload must then start like a JPEG, PNG or WebP file (magic bytes:
 * a renamed text file is refused before any decoder sees it), its header may declare at most 16
 * megapixels (read without decoding), and only then is it decoded by sharp (through its queue,
 * with the same pixel limit), re-encoded as a 256×256 WebP without metadata, stored under
 * DATA_DIR/uploads/avatars and served by app/media/avatars/[file]/route.ts.
 * Only async functions may be exported from a 'use server' file: the constants stay private.
 */

const SIZE = 256;
type AvatarFormat = 'jpeg' | 'png' | 'webp';
/**
 * Decompression-bomb guard: a 2 MB PNG of one colour can declare hundreds of megapixels. 16 MP
 * (4,900 × 3,270) is more than a phone's photo (12 MP).
 */
const MAX_INPUT_PIXELS = 16_000_000;
const URL_PREFIX = '/media/avatars/';
/** The picture belongs to the profile pages (/dashboard/profile): off on a production host. */
const PROFILE_FLAGS: FeatureFlag[] = ['ENABLE_DASHBOARD', 'ENABLE_USER_PROFILES'];
const FILE_NAME = /^[A-Za-z0-9_-]+-\d+\.webp$/;

/** A file sharp cannot read as a JPG, PNG or WebP: refused as the schema refuses a wrong type. */
const NOT_IMAGE = {
  code: 'bad_request' as const,
  key: 'Errors.badRequest',
  fieldErrors: { avatar: ['Validation.imageType'] },
};

/** Where the pictures are kept in the shop's storage (server/storage: the filesystem or a bucket). */
const AVATAR_PREFIX = 'avatars/';

/** The part of a user's id used in the names of their files (`<id>-<time>.webp`). */
function fileKeyOf(userId: string): string {
  return userId.replace(/[^A-Za-z0-9_-]/g, '') || 'user';
}

/** True for the name of a file of this user's own (`<their id>-<digits>.webp`). */
function isOwnFile(name: string, userId: string): boolean {
  const key = fileKeyOf(userId);
  return FILE_NAME.test(name) && name.startsWith(`${key}-`) && /^\d+\.webp$/.test(name.slice(key.length + 1));
}

/**
 * The stored key behind an avatar URL, only when it is one of this user's own files (never
 * another user's, whatever the URL says), or null.
 */
function storedKeyOf(url: string | null | undefined, userId: string): string | null {
  if (!url?.startsWith(URL_PREFIX)) return null;
  const name = url.slice(URL_PREFIX.length);
  return isOwnFile(name, userId) ? `${AVATAR_PREFIX}${name}` : null;
}

/** Every stored picture of this user, found by the name derived from their id. */
async function ownKeys(userId: string): Promise<string[]> {
  const keys = await getStorage().list(`${AVATAR_PREFIX}${fileKeyOf(userId)}-`);
  return keys.filter((key) => isOwnFile(key.slice(AVATAR_PREFIX.length), userId));
}

async function removeKey(key: string | null): Promise<void> {
  if (!key) return;
  try {
    await getStorage().delete(key);
  } catch (err) {
    log.error({ err }, 'erro ao apagar o avatar');
  }
}

async function currentAvatarUrl(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row?.avatarUrl ?? null;
}

/** More pixels than `MAX_INPUT_PIXELS`: refused with its own message. */
const TOO_MANY_PIXELS = {
  code: 'bad_request' as const,
  key: 'Errors.badRequest',
  fieldErrors: { avatar: ['Validation.imageTooManyPixels'] },
};

/** The format the file's first bytes announce (JPEG, PNG or WebP), or null. */
function sniffImage(input: Buffer): AvatarFormat | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= 8 && input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (input.length >= 12 && input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The 256×256 WebP of an upload: the magic bytes first, then the header's size (sharp reads it
 * without decoding), then the decoding. Null when it is not a JPG/PNG/WebP image; 'too-big' above
 * 16 megapixels.
 */
async function toAvatarWebp(input: Buffer): Promise<Buffer | null | 'too-big'> {
  const sniffed = sniffImage(input);
  if (!sniffed) return null;
  try {
    return await withSharp(async () => {
      // The header only (no pixels decoded): what the file says it is, and its size.
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      if (meta.format !== sniffed || !meta.width || !meta.height) return null;
      if (meta.width * meta.height > MAX_INPUT_PIXELS) return 'too-big' as const;
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .timeout({ seconds: IMAGE_SECONDS })
        .rotate() // EXIF orientation, then the metadata (GPS…) is dropped
        .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    });
  } catch (err) {
    if (err instanceof AppError) throw err; // the queue is full: 503
    return null;
  }
}

/** Upload (FormData field 'avatar'): the new URL, or the key of what is wrong with the file. */
export const uploadAvatarAction = validatedAction(
  { schema: avatarSchema, session: 'required', flag: PROFILE_FLAGS },
  async ({ avatar }, { viewer, ip }) => {
    await limitRequest('upload', { ip, email: viewer.email });
    const webp = await toAvatarWebp(Buffer.from(await avatar.arrayBuffer()));
    if (webp === 'too-big') throw new AppError(TOO_MANY_PIXELS);
    if (!webp) throw new AppError(NOT_IMAGE);

    const name = `${fileKeyOf(viewer.id)}-${Date.now()}.webp`;
    const key = `${AVATAR_PREFIX}${name}`;
    const url = `${URL_PREFIX}${name}`;
    let written = false;
    try {
      const previous = storedKeyOf(await currentAvatarUrl(viewer.id), viewer.id);
      await getStorage().put(key, webp);
      written = true;
      const db = await getDb();
      await db.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      await forgetCachedSessions([viewer.id]);
      if (previous !== key) await removeKey(previous);
      return { url };
    } catch (err) {
      log.error({ err }, 'erro ao guardar o avatar');
      if (written) await removeKey(key);
      throw new AppError({ code: 'internal_error', key: 'Account.avatar.saveFailed' });
    }
  },
);

/**
 * Removes the picture: avatar_url back to null and the user's own stored files deleted — found by
 * the name derived from the user's id, never by the stored URL.
 */
export const removeAvatarAction = validatedAction(
  { schema: z.object({}).optional(), session: 'required', flag: PROFILE_FLAGS },
  async (_input, { viewer }) => {
    try {
      const db = await getDb();
      await db.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      await forgetCachedSessions([viewer.id]);
      for (const key of await ownKeys(viewer.id)) await removeKey(key);
      return { url: null };
    } catch (err) {
      log.error({ err }, 'erro ao remover o avatar');
      throw new AppError({ code: 'internal_error', key: 'Account.avatar.removeFailed' });
    }
  },
);
