import { NextResponse, type NextRequest } from 'next/server';
import { productionHosts } from '@/lib/env';
import { flagsForHost, FLAGS_HEADER } from '@/lib/flags';

/**
 * Thin edge of every request: resolves the hostname feature flags and passes them on to the
 * server (which re-checks them). Redirects and auth redirects join here with their issues.
 */
export function proxy(request: NextRequest) {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const flags = flagsForHost(host, productionHosts());
  const headers = new Headers(request.headers);
  headers.set(FLAGS_HEADER, JSON.stringify(flags));
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|media/|favicon.ico|robots.txt|sitemap.xml).*)'],
};
