import { headers } from 'next/headers';
import { productionHosts, siteUrl } from '@/lib/env';
import { normaliseHost } from '@/lib/flags';

export const dynamic = 'force-dynamic';

/** Crawling is allowed on the production hosts only; staging and every other host are disallowed. */
export async function GET() {
  const h = await headers();
  const host = normaliseHost(h.get('x-forwarded-host') ?? h.get('host'));
  const production = productionHosts().includes(host);
  const body = production
    ? ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /checkout', 'Disallow: /cart', 'Disallow: /produtos?search=', '', `Sitemap: ${siteUrl()}/sitemap.xml`, '']
    : ['User-agent: *', 'Disallow: /', ''];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
