import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';

/**
 * The order of a product's sizes ("Medidas disponíveis"): by the size's own first measure, read as
 * a number ('15-19' → 15, '1/2"' → 0.5, '1 1/4"' → 1.25, 'DN 20' → 20, '40x3,5' → 40), then by the
 * text ('20x2' before '20x2.5'); sizes without a number ('branco', 'cromado') after them. A stable
 * order that a price or stock change never moves (ordered by price, 15-19 would jump after 25-28).
 */
const SIZE_NUMBER_RE = String.raw`^\D{0,6}(\d+(?:[.,]\d+)?)(?:\s+(\d+)/(\d+)|/(\d+))?`;
const SIZE_ORDER = sql.raw(`(
  SELECT CASE
    WHEN r IS NULL THEN NULL
    WHEN r[4] IS NOT NULL THEN replace(r[1], ',', '.')::numeric / nullif(r[4]::numeric, 0)
    WHEN r[2] IS NOT NULL THEN replace(r[1], ',', '.')::numeric + r[2]::numeric / nullif(r[3]::numeric, 0)
    ELSE replace(r[1], ',', '.')::numeric
  END FROM (SELECT regexp_match(m2.size, '${SIZE_NUMBER_RE}') AS r) AS size_parts
) NULLS LAST, lower(m2.size), m2.size`);

/**
 * Recomputes the values a product derives from its models and relations: price range, sizes,
 * model count, stock status, EAN, discount group and the text its search document includes.
 * `productIds` limits the work to those products (all products when omitted).
 */
export async function refreshProductDerived(db: DbOrTx, productIds?: readonly number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const scope = productIds
    ? sql.raw(`p2.id = ANY('{${productIds.map((id) => Math.trunc(id)).join(',')}}'::int[])`)
    : sql.raw('true');
  await db.execute(sql`
    UPDATE products p SET
      min_price = s.min_price,
      max_price = s.max_price,
      model_count = s.model_count,
      available_sizes = s.sizes,
      stock_status = s.stock_status,
      ean = s.ean,
      discount_group = s.discount_group,
      search_extra = concat_ws(' ', s.brand_name, s.family_title, s.codes, s.eans, array_to_string(s.sizes, ' ')),
      updated_at = CASE
        WHEN (p.min_price, p.max_price, p.model_count, p.available_sizes, p.stock_status, p.ean, p.discount_group)
             IS DISTINCT FROM (s.min_price, s.max_price, s.model_count, s.sizes, s.stock_status, s.ean, s.discount_group)
        THEN now() ELSE p.updated_at END
    FROM (
      SELECT p2.id AS product_id,
        b.name AS brand_name,
        f.title AS family_title,
        min(m.price) AS min_price,
        max(m.price) AS max_price,
        count(m.id)::int AS model_count,
        coalesce(array(
          SELECT m2.size FROM inventory_products m2
          WHERE m2.product_id = p2.id AND coalesce(m2.size, '') <> ''
          GROUP BY m2.size ORDER BY ${SIZE_ORDER}
        ), '{}') AS sizes,
        CASE
          WHEN count(m.id) = 0 THEN 'out_of_stock'
          WHEN bool_or(m.stock_status = 'in_stock') THEN 'in_stock'
          WHEN bool_or(m.stock_status = 'on_order') THEN 'on_order'
          ELSE 'out_of_stock'
        END AS stock_status,
        (array_agg(m.ean ORDER BY m.code) FILTER (WHERE m.ean IS NOT NULL))[1] AS ean,
        (array_agg(m.discount_group ORDER BY m.code) FILTER (WHERE m.discount_group IS NOT NULL))[1] AS discount_group,
        string_agg(m.code, ' ' ORDER BY m.code) AS codes,
        string_agg(m.ean, ' ' ORDER BY m.code) AS eans
      FROM products p2
      JOIN families f ON f.id = p2.family_id
      LEFT JOIN brands b ON b.id = p2.brand_id
      LEFT JOIN inventory_products m ON m.product_id = p2.id
      WHERE ${scope}
      GROUP BY p2.id, b.name, f.title
    ) s
    WHERE s.product_id = p.id
  `);
}
