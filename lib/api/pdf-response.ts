/**
 * The answer of a PDF download route: the document shown inline under its file name, private
 * and never stored by a cache, not content-sniffed. `headers` adds to them (a quote's guest link
 * also sends `Referrer-Policy: no-referrer`, so the token does not leak from the PDF viewer).
 */
export function inlinePdfResponse(filename: string, body: Uint8Array, headers: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}
