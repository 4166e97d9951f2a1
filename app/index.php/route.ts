import { NextResponse, type NextRequest } from 'next/server';

/** Old entry point: not indexed, permanently sent to /produtos (spec 2.1). */
export function GET(request: NextRequest) {
  const response = NextResponse.redirect(new URL('/produtos', request.url), 301);
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
}
