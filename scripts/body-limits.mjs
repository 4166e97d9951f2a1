/**
 * How many bytes a request body may have, counted by scripts/serve.mjs as they arrive (whether or
 * not a Content-Length was declared) before Next reads them. Large bodies are for staff only:
 * anyone else gets 3 MB everywhere. Plain JavaScript: serve.mjs runs without a compile step;
 * next.config.ts and proxy.ts import it too. Types: body-limits.d.mts.
 */
const MB = 1024 * 1024;

/** Every server action, and any other POST to a page: 3 MB. */
export const ACTION_BODY_LIMIT = 3 * MB;

/**
 * Server actions of the admin area (POST to /admin/… with a Next-Action header) sent by a signed-in
 * staff session (server/front/staff-session.ts): manufacturers' PDFs of up to 50 MB. Also Next's own
 * `serverActions.bodySizeLimit` (next.config.ts), the ceiling of every action.
 */
export const STAFF_ACTION_BODY_LIMIT = 52 * MB;

/**
 * Route handlers (/api, /media, /documentos…) outside /api/admin: each keeps its own `bodyLimit`
 * (server/api/route.ts, 1 MB unless it says otherwise); in front of them the server refuses
 * anything past 3 MB, at least the largest one such a route declares (tests/unit/body-limits.test.ts).
 */
export const ROUTE_BODY_LIMIT = 3 * MB;

/**
 * Route handlers under /api/admin called by a staff session: the largest `bodyLimit` one declares,
 * the supplier catalogues' 66 MB (SUPPLIER_CATALOGUE_BODY_LIMIT; tests/unit/body-limits.test.ts).
 * Also how much of a body Next's proxy layer passes on (next.config.ts `proxyClientMaxBodySize`;
 * its default, 10 MB, cut larger uploads short).
 */
export const STAFF_ROUTE_BODY_LIMIT = 66 * MB;

/** "3 MB", "52 MB": the limit as the refusals name it. */
export function sizeText(bytes) {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB`.replace('.', ',') : `${Math.ceil(bytes / 1024)} kB`;
}

/** The pt-PT refusal of a body past `limit`. */
export function tooLargeText(limit) {
  return `Pedido demasiado grande (máximo ${sizeText(limit)}).`;
}
