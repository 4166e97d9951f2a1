/** @jest-environment node */
import { families } from '@/server/db/schema';
import {
  clearNavigationCache,
  listNavigationChapters,
  NAVIGATION_CACHE_MS,
} from '@/server/catalogue/navigation';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

describe('listNavigationChapters (mega-menu data)', () => {
  beforeAll(async () => {
    await handle
      .current()
      .db.insert(families)
      .values([
        {
          code: '30-020',
          chapterCode: 30,
          title: 'Torneiras de Cozinha',
          slug: 'torneiras-de-cozinha',
        },
        { code: '30-010', chapterCode: 30, title: 'Lava-Louças', slug: 'lava-loucas' },
        {
          code: '10-010',
          chapterCode: 10,
          title: 'Louça Sanitária',
          slug: 'louca-sanitaria',
          photoPath: '/uploads/familias/louca.webp',
        },
      ]);
  });
  afterEach(() => {
    clearNavigationCache();
    jest.useRealTimers();
  });

  it('lists the 16 chapters in catalogue order with their families and 64 px WebP q70 images', async () => {
    const chapters = await listNavigationChapters();
    expect(chapters).toHaveLength(16);
    expect(chapters.map((c) => c.code)).toEqual([
      10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 200,
    ]);
    const kitchen = chapters.find((c) => c.code === 30);
    expect(kitchen).toEqual({
      code: 30,
      title: 'Cozinha e Lavandaria',
      slug: 'cozinha-e-lavandaria',
      familyCount: 2,
      families: [
        {
          code: '30-010',
          title: 'Lava-Louças',
          slug: 'lava-loucas',
          imageUrl: '/media/families/30-010.webp?w=64&q=70',
        },
        {
          code: '30-020',
          title: 'Torneiras de Cozinha',
          slug: 'torneiras-de-cozinha',
          imageUrl: '/media/families/30-020.webp?w=64&q=70',
        },
      ],
    });
    expect(chapters[0]?.families[0]?.imageUrl).toBe('/uploads/familias/louca.webp');
    expect(chapters.find((c) => c.code === 200)).toMatchObject({ familyCount: 0, families: [] });
  });

  it('keeps the tree in memory for 5 minutes', async () => {
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'],
    });
    const first = await listNavigationChapters();
    await handle
      .current()
      .db.insert(families)
      .values({
        code: '200-010',
        chapterCode: 200,
        title: 'Exterior Piscina',
        slug: 'exterior-piscina',
      });
    expect(await listNavigationChapters()).toBe(first);
    jest.setSystemTime(Date.now() + NAVIGATION_CACHE_MS - 1000);
    expect(await listNavigationChapters()).toBe(first);
    jest.setSystemTime(Date.now() + 2000);
    const fresh = await listNavigationChapters();
    expect(fresh).not.toBe(first);
    expect(fresh.find((c) => c.code === 200)?.familyCount).toBe(1);
  });
});
