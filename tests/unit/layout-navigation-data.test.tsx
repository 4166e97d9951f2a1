/** @jest-environment node */
import { families } from '@/server/db/schema';
import { listNavigationChapters } from '@/server/catalogue/navigation';
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

  it('keeps no memory of its own: outside the Next server every call reads the tree (the shared cache and its tags refresh it inside)', async () => {
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
    const fresh = await listNavigationChapters();
    expect(first.find((c) => c.code === 200)?.familyCount).toBe(0);
    expect(fresh.find((c) => c.code === 200)?.familyCount).toBe(1);
  });
});
