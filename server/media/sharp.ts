import 'server-only';
import sharp from 'sharp';
import { AppError } from '@/server/errors';

/**
 * The one door to sharp (libvips) for the shop's image work (catalogue images, avatars): each
 * operation uses one libvips thread and at most `RUNNING` run at once; up to `WAITING` more wait
 * their turn, and past that a request is answered 503 at once instead of piling up work. On a
 * 2-core server an unbounded burst of resizes would otherwise take every core from the pages.
 */
const RUNNING = 2;
const WAITING = 64;

const QUEUE = Symbol.for('cag.media.sharpQueue');

interface Queue {
  running: number;
  waiting: (() => void)[];
}

function queue(): Queue {
  const g = globalThis as { [QUEUE]?: Queue };
  if (!g[QUEUE]) {
    sharp.concurrency(1);
    g[QUEUE] = { running: 0, waiting: [] };
  }
  return g[QUEUE];
}

/** Runs `work` (which uses sharp) when a slot is free; 503 when too many are waiting. */
export async function withSharp<T>(work: () => Promise<T>): Promise<T> {
  const q = queue();
  if (q.running >= RUNNING) {
    if (q.waiting.length >= WAITING) {
      throw new AppError({ code: 'unavailable', key: 'Api.busy' });
    }
    await new Promise<void>((resolve) => q.waiting.push(resolve));
  } else q.running++;
  try {
    return await work();
  } finally {
    const next = q.waiting.shift();
    if (next) next(); // the slot passes to the next one
    else q.running--;
  }
}

export { sharp };
