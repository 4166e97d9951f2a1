import { NextResponse } from 'next/server';
import { rawRoute } from '@/server/api/route';

/** Old entry point: not indexed, permanently sent to /produtos (spec 2.1). */
export const GET = rawRoute({ cache: { maxAge: 86_400 } }, ({ url }) => {
  const response = NextResponse.redirect(new URL('/produtos', url), 301);
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
});
