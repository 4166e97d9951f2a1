import 'server-only';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, campaignProducts, campaigns, chapters, families, partnerLogos, products, technicalSheets } from '@/server/db/schema';
import { applyCatalogue, markCatalogueSource, type ImportSummary, type ProgressFn } from '@/server/import/apply';
import { analyzeCatalogue } from '@/server/import';
import { invalidateCatalogueCaches } from '@/server/catalogue/caches';
import { formatIssue } from '@/server/import/read';
import { validateRows } from '@/server/import/validate';
import { generatedMediaUrl } from '@/lib/catalogue/media';

/** Chapters whose last two products (by code) get a published technical sheet in the demo. */
const DEMO_SHEET_CHAPTERS = [40, 110, 140, 200] as const;

/**
 * Fills an empty database with the deterministic demo catalogue (same seed, same data):
 * families, brands, products and models through the importer, then the extra product texts,
 * brand sites, campaigns and the partner logo strip. One transaction.
 */
export async function seedDemoCatalogue(db: Db, seed = 1967, onProgress?: ProgressFn): Promise<ImportSummary> {
  // Loaded on demand: only the first start of an empty database needs the generator.
  const { generateDemoCatalogue } = await import('./catalogue');
  const demo = generateDemoCatalogue(seed);
  const chapterRows = await db.select({ code: chapters.code }).from(chapters);
  const { input, issues } = validateRows(
    demo.rows.map((cells, i) => ({ line: i + 2, cells })),
    { chapterCodes: new Set(chapterRows.map((c) => c.code)), existingFamilies: new Map() },
  );
  if (issues.length) {
    throw new Error(`O catálogo de demonstração é inválido:\n${issues.slice(0, 20).map(formatIssue).join('\n')}`);
  }

  const summary = await db.transaction(async (tx) => {
    const result = await applyCatalogue(tx, input, onProgress);

    // Fittings of the water-supply chapter sold in bags of 10 are sold only in tens (pack
    // multiples: the picker rounds up, the cart refuses other quantities).
    await tx.execute(sql`
      UPDATE inventory_products ip SET sales_minimum = 10, sales_increment = 10
      FROM products p
      WHERE p.id = ip.product_id AND p.chapter_code = 40 AND ip.small_package ~ '^10(/|$)'`);

    for (const brand of demo.brands) {
      await tx.update(brands).set({ officialSite: brand.officialSite }).where(eq(brands.name, brand.name));
    }

    for (let i = 0; i < demo.extras.length; i += 500) {
      const batch = demo.extras.slice(i, i + 500);
      const values = sql.join(
        batch.map(
          (e) =>
            sql`(${e.productId}, ${e.seoName}, ${e.seoDescription}, ${e.informacaoTecnica}, ${e.informacaoAdicional}, ${e.weight}, ${e.weightUnit}, ${e.notes})`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE products p SET
          seo_optimized_name = v.seo_name, seo_optimized_description = v.seo_description,
          informacao_tecnica = v.tecnica, informacao_adicional = v.adicional,
          weight = v.weight::numeric, weight_unit = v.weight_unit, product_notes = v.notes
        FROM (VALUES ${values}) AS v(code, seo_name, seo_description, tecnica, adicional, weight, weight_unit, notes)
        WHERE p.product_code = v.code`);
    }

    const familyIds = new Map(
      (await tx.select({ id: families.id, code: families.code }).from(families)).map((f) => [f.code, f.id]),
    );
    for (const [index, c] of demo.campaigns.entries()) {
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          slug: c.slug,
          title: c.title,
          description: c.description,
          category: c.category,
          theme: c.theme,
          startsAt: new Date(c.startsAt),
          endsAt: new Date(c.endsAt),
          active: c.active,
          featured: c.featured,
          sortOrder: index,
        })
        .returning({ id: campaigns.id });
      const ids = c.familyCodes.map((code) => familyIds.get(code)).filter((id): id is number => id !== undefined);
      if (!campaign || ids.length === 0) continue;
      const linked = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.familyId, ids))
        .orderBy(products.productCode)
        .limit(24);
      if (linked.length) {
        await tx
          .insert(campaignProducts)
          .values(linked.map((p, position) => ({ campaignId: campaign.id, productId: p.id, position })));
      }
    }

    const partnerNames = demo.brands.filter((b) => b.partner).map((b) => b.name);
    if (partnerNames.length) {
      const partnerBrands = await tx
        .select({ id: brands.id, name: brands.name, slug: brands.slug })
        .from(brands)
        .where(inArray(brands.name, partnerNames))
        .orderBy(brands.name);
      await tx.insert(partnerLogos).values(
        partnerBrands.map((b, i) => ({
          name: b.name,
          url: generatedMediaUrl('brands', b.slug),
          extension: 'svg',
          brandId: b.id,
          sortOrder: i,
        })),
      );
    }

    // A few published technical sheets, made from the products' technical information,
    // so the product pages and the document centre (/fichas-tecnicas) have something to show.
    for (const chapter of DEMO_SHEET_CHAPTERS) {
      const picked = await tx
        .select({ id: products.id, name: products.name, tecnica: products.informacaoTecnica })
        .from(products)
        .where(and(eq(products.chapterCode, chapter), isNotNull(products.informacaoTecnica)))
        .orderBy(desc(products.productCode))
        .limit(2);
      const sheets = picked.map((p) => {
        const lines = (p.tecnica ?? '').split('\n').map((l) => l.split(':').map((x) => x.trim()));
        const rows = lines.filter(([k, v]) => k && v && k !== 'Norma').map(([label, value]) => ({ label: label!, value: value! }));
        const norms = lines.filter(([k, v]) => k === 'Norma' && v).map(([, v]) => v!);
        return { productId: p.id, title: p.name, sections: rows.length ? [{ title: 'Características técnicas', rows }] : [], norms, certifications: ['Marcação CE'], published: true };
      });
      if (sheets.length) await tx.insert(technicalSheets).values(sheets);
    }

    await markCatalogueSource(tx, 'demo', { seed });
    return result;
  });
  await analyzeCatalogue(db);
  await invalidateCatalogueCaches(db, 'demo-seed');
  return summary;
}
