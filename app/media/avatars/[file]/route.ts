import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { dataDir } from '@/lib/env';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { getStorage } from '@/server/storage';

export const dynamic = 'force-dynamic';

/** `<user id>-<timestamp>.webp`, as written by server/account/actions.ts (no dots, no slashes). */
const params = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]+-\d+\.webp$/) });

/**
 * GET /media/avatars/{file} — the profile pictures uploaded in /dashboard/profile. A person's
 * picture is theirs: `private, no-store`, never kept by a shared cache (nor kept after it is
 * removed). (The static `avatars` segment wins over app/media/[kind]/[file], the generated
 * catalogue images.)
 */
export const GET = rawRoute({ params, cache: 'no-store' }, async ({ params: { file } }) => {
  // Kept in the shop's storage (server/account/actions.ts); pictures of before, in DATA_DIR/uploads/avatars.
  const body = (await getStorage().get(`avatars/${file}`)) ?? (await fs.readFile(/*turbopackIgnore: true*/ path.join(dataDir(), 'uploads', 'avatars', file)).catch(() => null));
  if (!body) throw new AppError({ code: 'not_found', key: 'Api.imageNotFound' });
  return new Response(new Uint8Array(body), {
    headers: { 'Content-Type': 'image/webp', 'Content-Length': String(body.length), 'X-Content-Type-Options': 'nosniff' },
  });
});
