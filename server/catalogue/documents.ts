import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { brands, chapters, families, products } from '@/server/db/schema';
import { getCachedMedia, type CachedMedia } from '@/server/media/cache';
import { renderPdf, type PdfLine } from './pdf';
import { movedBrandSlug } from './resolve';

export interface CatalogueDocument {
  slug: string;
  title: string;
  description: string;
  href: string;
  productCount: number;
}

const YEAR = 2026;

/** Active products counted per value of one column (chapter or brand), in one grouped query. */
async function productCounts(column: typeof products.chapterCode | typeof products.brandId): Promise<Map<number | null, number>> {
  const db = await getDb();
  const rows = await db
    .select({ key: column, n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.active, true))
    .groupBy(column);
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** The shop's own catalogues: one PDF per chapter. */
export async function listOwnCatalogues(): Promise<CatalogueDocument[]> {
  const db = await getDb();
  const rows = await db.select({ code: chapters.code, title: chapters.title, slug: chapters.slug }).from(chapters).orderBy(asc(chapters.sortOrder));
  const counts = await productCounts(products.chapterCode);
  return rows.map((c) => ({
    slug: c.slug,
    title: `Catálogo ${c.title} ${YEAR}`,
    description: `Famílias, produtos, referências e medidas de ${c.title}.`,
    href: `/documentos/catalogos/${c.slug}.pdf`,
    productCount: counts.get(c.code) ?? 0,
  }));
}

/** Factory catalogues: one PDF per brand with products. */
export async function listFactoryCatalogues(): Promise<CatalogueDocument[]> {
  const db = await getDb();
  const rows = await db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.name));
  const counts = await productCounts(products.brandId);
  return rows
    .map((b) => ({
      slug: b.slug,
      title: `${b.name} — catálogo de fábrica ${YEAR}`,
      description: `Gama ${b.name} disponível na nossa loja.`,
      href: `/documentos/fabrica/${b.slug}.pdf`,
      productCount: counts.get(b.id) ?? 0,
    }))
    .filter((d) => d.productCount > 0);
}

async function productLines(where: ReturnType<typeof eq> | ReturnType<typeof and>): Promise<PdfLine[]> {
  const db = await getDb();
  const rows = await db
    .select({ code: products.productCode, name: products.name, sizes: products.availableSizes, family: families.title, familyCode: families.code, brand: brands.name })
    .from(products)
    .innerJoin(families, eq(families.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(asc(families.code), asc(products.name));
  const lines: PdfLine[] = [];
  let family = '';
  for (const r of rows) {
    if (r.familyCode !== family) {
      family = r.familyCode;
      lines.push({ text: `${r.familyCode}  ${r.family}`, size: 13, bold: true, color: [0.03, 0.35, 0.55], gapBefore: 10 });
    }
    lines.push({ text: `${r.code}  ${r.name}${r.brand ? ` — ${r.brand}` : ''}`, size: 9.5, bold: true, gapBefore: 3 });
    if (r.sizes.length) lines.push({ text: `Medidas: ${r.sizes.join(' · ')}`, size: 8.5, color: [0.35, 0.38, 0.45] });
  }
  return lines;
}

export async function renderOwnCatalogue(slug: string): Promise<Buffer | null> {
  const db = await getDb();
  const [chapter] = await db.select({ code: chapters.code, title: chapters.title }).from(chapters).where(eq(chapters.slug, slug));
  if (!chapter) return null;
  const title = `Catálogo ${chapter.title} ${YEAR}`;
  return renderPdf(title, [
    { text: 'Casa das Águas de Gaia', size: 11, color: [0.03, 0.35, 0.55] },
    { text: title, size: 22, bold: true, gapBefore: 4 },
    { text: 'reforme. decore. crie. — Preços sob consulta; clientes profissionais consultam os seus preços na Área Privada.', size: 9, color: [0.35, 0.38, 0.45], gapBefore: 4 },
    ...(await productLines(and(eq(products.chapterCode, chapter.code), eq(products.active, true)))),
  ]);
}

export async function renderFactoryCatalogue(slug: string): Promise<Buffer | null> {
  const db = await getDb();
  const [brand] = await db.select({ id: brands.id, name: brands.name, site: brands.officialSite }).from(brands).where(eq(brands.slug, slug));
  if (!brand) return null;
  const title = `${brand.name} — catálogo de fábrica ${YEAR}`;
  return renderPdf(title, [
    { text: brand.name, size: 11, color: [0.03, 0.35, 0.55] },
    { text: title, size: 22, bold: true, gapBefore: 4 },
    ...(brand.site ? [{ text: brand.site, size: 9, color: [0.35, 0.38, 0.45] as [number, number, number] }] : []),
    ...(await productLines(and(eq(products.brandId, brand.id), eq(products.active, true)))),
  ]);
}

/**
 * A catalogue PDF (`catalogos`: a chapter's, `fabrica`: a brand's) from the media cache
 * (server/media/cache.ts): rendered once per content version. `{ movedTo }` for the old slug of a
 * merged brand (its catalogue is the one of the brand it joined), null when the chapter or brand
 * does not exist; `'not-modified'` for a matching `If-None-Match`.
 */
export async function getCatalogueDocument(
  kind: 'catalogos' | 'fabrica',
  slug: string,
  ifNoneMatch?: string | null,
): Promise<CachedMedia | 'not-modified' | { movedTo: string } | null> {
  const render = kind === 'catalogos' ? renderOwnCatalogue : renderFactoryCatalogue;
  const pdf = await getCachedMedia(`pdf:${kind}/${slug}`, 'application/pdf', () => render(slug), ifNoneMatch);
  if (pdf || kind !== 'fabrica') return pdf;
  // A merged brand's old slug: its factory catalogue is now the one of the brand it joined.
  const moved = await movedBrandSlug(slug);
  return moved ? { movedTo: moved } : null;
}
