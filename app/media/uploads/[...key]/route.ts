import { z } from 'zod';
import { rawRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { getUploadVariant } from '@/server/uploads/serve';

export const dynamic = 'force-dynamic';

const params = z.object({
  key: z.array(z.string()).min(3).max(4),
});

const query = z.object({ w: z.coerce.number().int().min(16).max(2000).optional() });

/**
 * GET /media/uploads/{kind}/{yyyy}/{name}.{webp|png|pdf}?w= — files uploaded in the admin area
 * (server/uploads), from the storage module. Names are random and never reused, so they are
 * cached for a year; `?w=` gives an image as a WebP at most that wide (made once, kept).
 */
export const GET = rawRoute({ params, query, cache: { maxAge: 31_536_000, staleWhileRevalidate: 0 } }, async ({ params: { key }, query: { w } }) => {
  const file = await getUploadVariant(`uploads/${key.join('/')}`, w);
  if (!file) throw new AppError({ code: 'not_found', key: 'Api.fileNotFound' });
  const headers: Record<string, string> = { 'Content-Type': file.contentType };
  if (file.contentType === 'application/pdf') headers['Content-Disposition'] = 'inline';
  return new Response(new Uint8Array(file.body), { headers });
});
