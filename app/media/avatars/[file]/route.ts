import fs from 'node:fs/promises';
import path from 'node:path';
import { NextResponse } from 'next/server';
import { dataDir } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** `<user id>-<timestamp>.webp`, as written by server/account/avatar.ts (no dots, no slashes). */
const FILE_NAME = /^[A-Za-z0-9_-]+-\d+\.webp$/;

function notFound() {
  return NextResponse.json(
    { success: false, error: { code: 'not_found', message: 'Imagem não encontrada.' } },
    { status: 404 },
  );
}

/**
 * GET /media/avatars/{file} — the profile pictures uploaded in /dashboard/profile. Each upload has
 * a new name, so a file never changes: cached for a year. (The static `avatars` segment wins over
 * app/media/[kind]/[file], the generated catalogue images.)
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  if (!FILE_NAME.test(file)) return notFound();
  try {
    const body = await fs.readFile(path.join(dataDir(), 'uploads', 'avatars', file));
    return new NextResponse(new Uint8Array(body), {
      headers: {
        'Content-Type': 'image/webp',
        'Content-Length': String(body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return notFound();
    console.error('[media] erro ao ler avatar', file, err);
    return NextResponse.json(
      { success: false, error: { code: 'internal_error', message: 'Não foi possível ler a imagem.' } },
      { status: 500 },
    );
  }
}
