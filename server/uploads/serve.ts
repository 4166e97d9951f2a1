import 'server-only';
import { sharp, withSharp } from '@/server/media/sharp';
import { getStorage } from '@/server/storage';
import { uploadKeyOf } from './index';

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };
/** Widths a `?w=` is rounded up to, so a few variants serve every request. */
const STEPS = [64, 96, 128, 192, 256, 320, 400, 480, 640, 800, 960, 1200, 1600, 2000];

/** An upload's bytes, or a WebP at most `width` wide of an image (stored once beside it). */
export async function getUploadVariant(key: string, width?: number): Promise<{ body: Buffer; contentType: string } | null> {
  if (!uploadKeyOf(`/media/${key}`)) return null;
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const contentType = TYPES[ext];
  if (!contentType) return null;
  const storage = getStorage();
  if (!width || contentType === 'application/pdf') {
    const body = await storage.get(key);
    return body ? { body, contentType } : null;
  }
  const step = STEPS.find((s) => s >= width) ?? 2000;
  const variantKey = `upload-variants/w${step}/${key.slice('uploads/'.length)}.webp`;
  const cached = await storage.get(variantKey);
  if (cached) return { body: cached, contentType: 'image/webp' };
  const original = await storage.get(key);
  if (!original) return null;
  const body = await withSharp(() => sharp(original).resize(step, step, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
  await storage.put(variantKey, body);
  return { body, contentType: 'image/webp' };
}
