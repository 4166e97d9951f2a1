import { productionHosts, siteUrl } from '@/lib/env';
import { normaliseHost } from '@/lib/flags';
import { rawRoute } from '@/server/api/route';

export const dynamic = 'force-dynamic';

/**
 * Crawling is allowed on the production hosts only; staging and every other host are disallowed.
 * The answer is publicly cached, so it follows the `Host` the request was sent to and never
 * `X-Forwarded-Host` (which anyone can send to poison a shared cache).
 */
export const GET = rawRoute({ cache: { maxAge: 3600 } }, ({ request }) => {
  const host = normaliseHost(request.headers.get('host'));
  const production = productionHosts().includes(host);
  const body = production
    ? ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /checkout', 'Disallow: /cart', 'Disallow: /produtos?search=', '', `Sitemap: ${siteUrl()}/sitemap.xml`, '']
    : ['User-agent: *', 'Disallow: /', ''];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
});
