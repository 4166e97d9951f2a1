import { rasterMediaUrl } from '@/lib/catalogue/media';
import { siteUrl } from '@/lib/env';
import { rawRoute } from '@/server/api/route';
import { FEED_CHANNEL, listFeedItems } from '@/server/catalogue/feed';

export const dynamic = 'force-dynamic';

const VAT_RATE = 0.23;
const MAX_ADDITIONAL_IMAGES = 9;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

function absolute(base: string, url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  return `${base}${rasterMediaUrl(url, 800, 'png')}`;
}

/** Google Merchant product feed: RSS 2.0 with the g: namespace, country PT, language pt, condition new. */
export const GET = rawRoute({ cache: { maxAge: 3600 } }, async () => {
  const base = siteUrl();
  const items = await listFeedItems();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xml(FEED_CHANNEL.title)}</title>`,
    `<link>${xml(base)}</link>`,
    `<description>${xml(FEED_CHANNEL.description)}</description>`,
  ];
  for (const item of items) {
    const link = `${base}/produtos/${item.chapterSlug}/${item.familySlug}/${encodeURIComponent(item.productCode)}`;
    const main = item.photoPath ?? `/media/products/${encodeURIComponent(item.productCode)}.svg`;
    const price = (Number(item.minPrice) * (1 + VAT_RATE)).toFixed(2);
    lines.push(
      '<item>',
      `<g:id>${xml(item.productCode)}</g:id>`,
      `<g:title>${xml(item.name.slice(0, 150))}</g:title>`,
      `<g:description>${xml((item.description ?? item.name).slice(0, 5000))}</g:description>`,
      `<g:link>${xml(link)}</g:link>`,
      `<g:image_link>${xml(absolute(base, main))}</g:image_link>`,
      ...item.images.slice(0, MAX_ADDITIONAL_IMAGES).map((i) => `<g:additional_image_link>${xml(absolute(base, i.url))}</g:additional_image_link>`),
      `<g:availability>${item.stockStatus === 'out_of_stock' ? 'out_of_stock' : item.stockStatus === 'on_order' ? 'backorder' : 'in_stock'}</g:availability>`,
      `<g:price>${price} EUR</g:price>`,
      '<g:condition>new</g:condition>',
      // The product's category, else its family's, else the spec 7 default 5181 (server/catalogue/feed.ts).
      `<g:google_product_category>${item.googleCategory}</g:google_product_category>`,
      `<g:product_type>${xml(`${item.chapterTitle} > ${item.familyTitle}`)}</g:product_type>`,
      item.brand ? `<g:brand>${xml(item.brand)}</g:brand>` : '<g:identifier_exists>no</g:identifier_exists>',
      item.ean ? `<g:gtin>${item.ean}</g:gtin>` : '',
      item.mpn ? `<g:mpn>${xml(item.mpn)}</g:mpn>` : '',
      '<g:shipping><g:country>PT</g:country><g:price>7.00 EUR</g:price></g:shipping>',
      '<g:target_country>PT</g:target_country>',
      '<g:content_language>pt</g:content_language>',
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>');
  return new Response(lines.filter(Boolean).join('\n'), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
});
