/**
 * The answer of a PDF download route: the document under its file name, shown inline or, with
 * `attachment`, saved; private and never stored by a cache, not content-sniffed. `headers` adds to
 * them (a quote's guest link also sends `Referrer-Policy: no-referrer`, so the token does not leak
 * from the PDF viewer).
 */
export function pdfResponse(
  filename: string,
  body: Uint8Array,
  { attachment = false, headers = {} }: { attachment?: boolean; headers?: Record<string, string> } = {},
): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${attachment ? 'attachment' : 'inline'}; filename="${filename}"`,
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}
