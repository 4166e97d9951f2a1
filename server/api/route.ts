import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { ApiPagination, ApiSuccessBody } from '@/lib/api/types';
import { accessDecision, type Permission } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import type { MessageKey, MessageValues } from '@/lib/errors';
import type { FeatureFlag } from '@/lib/flags';
import { IDEMPOTENCY_KEY } from '@/lib/validation/orders';
import { viewerFromHeaders } from '@/server/auth/session';
import { flagsFromHeaders } from '@/server/flags';
import { AppError, validationError } from '@/server/errors';
import { serverText } from '@/server/i18n';
import { handleApiError } from './errors';

/**
 * The one wrapper of every route handler under app/ (model: `withWorkspace` in dubinc/dub):
 *
 *   export const GET = apiRoute({ auth: 'required', admin: true }, async ({ viewer }) => ({ data: … }));
 *
 * In order it: gives the request an id (`x-request-id`, kept from the caller when well formed);
 * reads the session when asked (cookie or `Authorization: Bearer`): 401 without one where it is
 * required, 403 without the admin flag or the permission; refuses a feature flag that is off on
 * this host (403, admins pass); keeps the request body within `bodyLimit` (413); validates path
 * params, query and JSON body with zod (400 with the field messages, a malformed body included;
 * 415 for a body that is not declared as JSON); runs the handler; answers with one envelope and
 * one `Cache-Control` policy. Anything thrown becomes the error envelope (server/api/errors.ts);
 * an unknown error is logged with the request id and answered as a bare 500. Texts travel as
 * message keys (AppError's `key`, the result's `message: { key, values }`) and are translated
 * here, not in the route files.
 *
 * `apiRoute` answers JSON `{ success: true, data, message?, pagination? }`; `rawRoute` lets the
 * handler answer its own body (images, PDF, XML, text, redirects, better-auth) with the same
 * checks, error mapping and cache policy — and 404, not 400, for path params it does not know.
 */

export type AuthMode = 'none' | 'optional' | 'required';

/**
 * `'no-store'` → `private, no-store`; `'no-cache'` → `no-cache` (stored, but asked again before each
 * use: the service worker script); otherwise `public, max-age=…[, stale-while-revalidate=…][, immutable]`.
 */
export type CachePolicy = 'no-store' | 'no-cache' | { maxAge: number; staleWhileRevalidate?: number; immutable?: boolean };

export const PRIVATE_NO_STORE = 'private, no-store';

export function cacheControl(policy: CachePolicy): string {
  if (policy === 'no-store') return PRIVATE_NO_STORE;
  if (policy === 'no-cache') return 'no-cache';
  const parts = ['public', `max-age=${policy.maxAge}`];
  if (policy.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${policy.staleWhileRevalidate}`);
  if (policy.immutable) parts.push('immutable');
  return parts.join(', ');
}

type Schema = z.ZodType;
type Output<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteOptions<A extends AuthMode, P, Q, B> {
  /** Session: not read (default), read when present, or required (401 without one). */
  auth?: A;
  /** A permission of lib/auth/permissions.ts (403 'Acesso negado…' without it). Needs `auth: 'required'`. */
  permission?: A extends 'required' ? Permission : never;
  /** The admin flag (403 'Acesso reservado a administradores.' without it). Needs `auth: 'required'`. */
  admin?: A extends 'required' ? boolean : never;
  /** A feature flag of lib/flags.ts: off on this host → 403 `feature_off` (administrators pass). */
  flag?: FeatureFlag;
  /** zod schemas of the path params, the query (repeated parameters as arrays) and the JSON body. */
  params?: P;
  query?: Q;
  body?: B;
  /** Namespace of messages/pt-PT.json for the message keys of the schemas (shared form schemas). */
  messages?: string;
  /**
   * Bytes the request body may have (default `DEFAULT_BODY_LIMIT`, 1 MB): more is a 413 with the
   * envelope, refused on the declared Content-Length before reading, or while reading a body sent
   * without one.
   */
  bodyLimit?: number;
  /**
   * Cache-Control of successful answers (errors are never stored). Default `'no-store'`.
   * Answers that read the session or a feature flag are always `private, no-store`.
   */
  cache?: CachePolicy;
  /**
   * The request must carry an `Idempotency-Key` header (8 to 200 of `A-Za-z0-9_.:-`): 400 without
   * one; the handler gets it as `idempotencyKey`. For the calls that create an order.
   */
  idempotencyKey?: boolean;
}

export interface RouteContext<A extends AuthMode, P, Q, B> {
  request: Request;
  url: URL;
  params: Output<P>;
  query: Output<Q>;
  body: Output<B>;
  /** The signed-in user (null for guests; always null with `auth: 'none'` and no flag). */
  viewer: A extends 'required' ? Viewer : Viewer | null;
  requestId: string;
  /** The request's `Idempotency-Key` (with `idempotencyKey: true`; null otherwise). */
  idempotencyKey: string | null;
}

/** A text of messages/pt-PT.json by its key, which the wrapper translates (a success message). */
export interface ApiMessage {
  key: MessageKey;
  values?: MessageValues;
}

/** What a JSON handler returns: the envelope's fields, and optionally a status and headers. */
export interface ApiResult<T> {
  data: T;
  message?: ApiMessage;
  pagination?: ApiPagination;
  status?: number;
  headers?: HeadersInit;
}

/** The context Next passes to a route handler (optional: tests call handlers with the request only). */
export interface NextRouteContext {
  params?: Promise<Record<string, string | string[] | undefined>>;
}

export type RouteHandler = (request: Request, context?: NextRouteContext) => Promise<Response>;

const ROUTE = Symbol.for('cag.api.route');

/** True for handlers made by this wrapper (the scan of app/ checks the source; this checks at run time). */
export function isWrappedRoute(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [ROUTE]?: boolean })[ROUTE] === true;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The query string as an object: a parameter given once is a string, a repeated one an array. */
export function queryRecord(searchParams: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of searchParams) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** Issues without a message of their own read 'invalid' (a key of the namespace, or `Api.invalid`). */
const fallbackIssue = () => 'invalid';

function parseWith<S extends Schema>(schema: S, input: unknown, namespace: string | undefined, asNotFound: boolean): z.output<S> {
  const parsed = schema.safeParse(input, { error: fallbackIssue });
  if (parsed.success) return parsed.data;
  if (asNotFound) throw new AppError({ code: 'not_found', key: 'Api.notFound' });
  throw validationError(parsed.error, namespace ?? 'Api');
}

/** What a request body may weigh unless the route says otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${String(Math.round((bytes / (1024 * 1024)) * 10) / 10).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

function tooLarge(limit: number): AppError {
  return new AppError({ code: 'payload_too_large', key: 'Api.payloadTooLarge', values: { max: sizeText(limit) } });
}

/**
 * The request with a body of at most `limit` bytes: a declared Content-Length over the limit is
 * refused before anything is read (the server ends a body at its declared length); a body sent
 * without one (chunked) is counted as it is read, nothing buffered here: past the limit its
 * stream fails with the 413 AppError, which every reader of the body (request.json(), the
 * multipart reader of server/files) answers as such.
 */
async function withinLimit(request: Request, limit: number): Promise<Request> {
  if (request.body === null) return request;
  const declared = request.headers.get('content-length');
  if (declared !== null && declared.trim() !== '') {
    if (Number(declared) > limit) throw tooLarge(limit);
    return request;
  }
  let size = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(tooLarge(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body: counted, signal: request.signal, duplex: 'half' } as RequestInit);
}

/** A body read that failed on the limit above rethrows its 413; any other failure is the caller's. */
function limitError(err: unknown): AppError | null {
  return err instanceof AppError && err.code === 'payload_too_large' ? err : null;
}

/** `application/json` and `application/…+json`, with or without parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

async function readJson(request: Request): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get('content-type')?.trim() ?? '')) {
    throw new AppError({ code: 'unsupported_media_type', key: 'Api.unsupportedMediaType' });
  }
  let text: string;
  try {
    text = await request.text();
  } catch (err) {
    throw limitError(err) ?? new AppError({ code: 'bad_request', key: 'Api.invalidJson' });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError({ code: 'bad_request', key: 'Api.invalidJson' });
  }
}

async function readViewer(request: Request, mode: AuthMode | 'flag'): Promise<Viewer | null> {
  const authorization = request.headers.get('authorization');
  const bearer = authorization !== null && /^Bearer\s+\S+$/i.test(authorization.trim());
  if (authorization !== null && !bearer && mode !== 'flag') {
    throw new AppError({ code: 'bad_request', key: 'Api.badAuthorization' });
  }
  const viewer = await viewerFromHeaders(request.headers);
  // A bearer token that names no session is a client error, not a guest (a stale cookie is).
  if (!viewer && bearer && mode !== 'flag') throw new AppError({ code: 'unauthorized', key: 'Api.invalidSession' });
  return viewer;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect…): answer a copy.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

type Mode = 'json' | 'raw';

function makeRoute<A extends AuthMode, P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  mode: Mode,
  options: RouteOptions<A, P, Q, B>,
  handler: (ctx: RouteContext<A, P, Q, B>) => Promise<Response | ApiResult<unknown>>,
): RouteHandler {
  const auth: AuthMode = options.auth ?? 'none';
  const personal = auth !== 'none' || options.flag !== undefined;
  const successCache = personal ? PRIVATE_NO_STORE : cacheControl(options.cache ?? 'no-store');

  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

  const route = async (received: Request, context?: NextRouteContext): Promise<Response> => {
    let request = received;
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    try {
      let viewer: Viewer | null = null;
      if (auth !== 'none') {
        viewer = await readViewer(request, auth);
        const requirement = options.admin
          ? ({ kind: 'admin' } as const)
          : options.permission
            ? ({ kind: 'permission', permission: options.permission } as const)
            : auth === 'required'
              ? ({ kind: 'login' } as const)
              : ({ kind: 'open' } as const);
        const decision = accessDecision({ user: viewer, requirement });
        if (decision === 'login') throw new AppError({ code: 'unauthorized', key: 'Api.unauthorized' });
        if (decision === 'admin-only') throw new AppError({ code: 'forbidden', key: 'Api.adminOnly' });
        if (decision === 'denied') throw new AppError({ code: 'forbidden', key: 'Api.accessDenied' });
      }
      if (options.flag && !flagsFromHeaders(request.headers)[options.flag]) {
        if (auth === 'none') viewer = await readViewer(request, 'flag');
        if (!viewer?.isAdmin) throw new AppError({ code: 'feature_off', key: 'Api.featureOff' });
      }

      let idempotencyKey: string | null = null;
      if (options.idempotencyKey) {
        idempotencyKey = request.headers.get('idempotency-key')?.trim() ?? '';
        if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
          throw new AppError({ code: 'bad_request', key: 'Orders.idempotencyKeyRequired', fieldErrors: { 'Idempotency-Key': ['Orders.idempotencyKeyRequired'] } });
        }
      }

      request = await withinLimit(request, bodyLimit);
      const rawParams = (await context?.params) ?? {};
      const params = options.params ? parseWith(options.params, rawParams, options.messages, mode === 'raw') : undefined;
      const query = options.query ? parseWith(options.query, queryRecord(url.searchParams), options.messages, false) : undefined;
      const body = options.body ? parseWith(options.body, await readJson(request), options.messages, false) : undefined;

      const result = await handler({
        request,
        url,
        params: params as Output<P>,
        query: query as Output<Q>,
        body: body as Output<B>,
        viewer: viewer as RouteContext<A, P, Q, B>['viewer'],
        requestId,
        idempotencyKey,
      });

      if (result instanceof Response) {
        const ok = result.status < 400;
        return withHeaders(result, { 'Cache-Control': ok ? successCache : PRIVATE_NO_STORE, 'x-request-id': requestId });
      }
      const envelope: ApiSuccessBody<unknown> = {
        success: true,
        data: result.data === undefined ? null : result.data,
        ...(result.message !== undefined ? { message: serverText(result.message.key, result.message.values) } : {}),
        ...(result.pagination ? { pagination: result.pagination } : {}),
      };
      const response = NextResponse.json(envelope, { status: result.status ?? 200, headers: result.headers });
      return withHeaders(response, { 'Cache-Control': successCache, 'x-request-id': requestId });
    } catch (err) {
      return handleApiError(err, { requestId, method: request.method, path: url.pathname }, { 'Cache-Control': PRIVATE_NO_STORE, 'x-request-id': requestId });
    }
  };
  return Object.assign(route, { [ROUTE]: true });
}

/** A JSON route handler: the handler returns `{ data, message?, pagination? }`, the wrapper the envelope. */
export function apiRoute<T, A extends AuthMode = 'none', P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: RouteOptions<A, P, Q, B>,
  handler: (ctx: RouteContext<A, P, Q, B>) => Promise<ApiResult<T>>,
): RouteHandler {
  return makeRoute('json', options, handler);
}

/** A route handler that answers its own body (files, XML, text, redirects), with the same checks and errors. */
export function rawRoute<A extends AuthMode = 'none', P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: RouteOptions<A, P, Q, B>,
  handler: (ctx: RouteContext<A, P, Q, B>) => Promise<Response> | Response,
): RouteHandler {
  return makeRoute('raw', options, async (ctx) => handler(ctx));
}
