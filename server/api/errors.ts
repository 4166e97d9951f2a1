import 'server-only';
import { StorageUnavailableError } from '@/server/storage/errors';
import { noteDatabaseError } from '@/server/db/availability';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { ApiErrorBody } from '@/lib/api/types';
import type { ErrorCode, MessageKey, MessageValues } from '@/lib/errors';
import { serverText, serverTranslator } from '@/server/mail/i18n';
import { logger } from '@/server/log';

const apiLog = logger('api');

export type { ApiErrorBody };
export type { ErrorCode } from '@/lib/errors';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  feature_off: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  email_not_confirmed: 403,
  unavailable: 503,
  internal_error: 500,
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export type AppErrorInit =
  /** A text of messages/pt-PT.json: the key goes to server actions, its text to API answers. */
  | {
      code: ErrorCode;
      key: MessageKey;
      values?: MessageValues;
      /** Field → message keys (server actions); API answers get their texts as `details`. */
      fieldErrors?: Record<string, MessageKey[]>;
      details?: Record<string, string[]>;
      data?: unknown;
    }
  /** A Portuguese text as is (route handlers); server actions answer the generic key of the code. */
  | { code: ErrorCode; message: string; details?: Record<string, string[]>; data?: unknown };

/**
 * An error the API answers as it is: a code, a status and a Portuguese message. Made from a
 * message key, it also tells server actions which key (and field keys) to answer.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key?: MessageKey;
  readonly values?: MessageValues;
  readonly fieldErrors?: Record<string, MessageKey[]>;
  readonly details?: Record<string, string[]>;
  /** What the client needs to act on the error (e.g. the new totals of a 409 on checkout), answered as `data`. */
  readonly data?: unknown;
  constructor(init: AppErrorInit) {
    super('key' in init ? serverText(init.key, init.values) : init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.details = init.details;
    this.data = init.data;
    if ('key' in init) {
      this.key = init.key;
      this.values = init.values;
      this.fieldErrors = init.fieldErrors;
      this.details ??= init.fieldErrors
        ? Object.fromEntries(Object.entries(init.fieldErrors).map(([field, keys]) => [field, keys.map((k) => serverText(k))]))
        : undefined;
    }
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** Texts of the `Api` namespace of messages/pt-PT.json. */
export const apiText = serverTranslator('Api');

/** A text of messages/pt-PT.json by its full key (`Newsletter.validation.emailInvalid`), or undefined. */
function textAt(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot <= 0 || dot === path.length - 1 || /\s/.test(path)) return undefined;
  try {
    return serverTranslator(path.slice(0, dot))(path.slice(dot + 1));
  } catch {
    return undefined;
  }
}

/**
 * The text of a zod issue message. Schemas shared with the forms carry message keys (relative
 * to `namespace`, or from the root of messages/pt-PT.json); the API's own schemas carry the
 * Portuguese text itself, kept as it is.
 */
export function issueText(message: string, namespace?: string): string {
  return (namespace ? textAt(`${namespace}.${message}`) : undefined) ?? textAt(message) ?? message;
}

/** zod issues → field messages: `{ limit: ['O limite deve ser…'] }` (`_` for the whole input). */
export function zodDetails(error: z.ZodError, namespace?: string): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (details[key] ??= []).push(issueText(issue.message, namespace));
  }
  return details;
}

/** A zod error as the 400 of the API: the first field message on top, every one in details. */
export function validationError(error: z.ZodError, namespace?: string): AppError {
  const details = zodDetails(error, namespace);
  const first = Object.values(details)[0]?.[0] ?? apiText('invalidParams');
  return new AppError({ code: 'bad_request', message: first, details });
}

export function errorBody(error: AppError): ApiErrorBody {
  return {
    success: false,
    message: error.message,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    ...(error.data !== undefined ? { data: error.data } : {}),
  };
}

export function errorResponse(error: AppError, headers?: HeadersInit): NextResponse<ApiErrorBody> {
  const response = NextResponse.json(errorBody(error), { status: error.status, headers });
  // A limit's 429 and a brief outage's 503 also say how long to wait in the standard header.
  const retryAfter = error.code === 'rate_limited' || error.code === 'unavailable' ? error.details?.retryAfter?.[0] : undefined;
  if (retryAfter && /^\d+$/.test(retryAfter)) response.headers.set('Retry-After', retryAfter);
  return response;
}

/**
 * Anything thrown → the AppError to answer: AppError as is, zod as 400 with the field messages,
 * the rest logged with its stack (and the request id, when known) and answered as a bare 500.
 */
export function toAppError(err: unknown, log: { requestId?: string; method?: string; path?: string } = {}): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return validationError(err);
  if (err instanceof StorageUnavailableError) {
    apiLog.error({ err, requestId: log.requestId }, 'armazenamento indisponível');
    return new AppError({ code: 'unavailable', message: apiText('storageUnavailable'), details: { retryAfter: ['30'] } });
  }
  if (noteDatabaseError(err)) {
    return new AppError({ code: 'unavailable', message: apiText('databaseUnavailable'), details: { retryAfter: ['10'] } });
  }
  apiLog.error({ err, requestId: log.requestId, method: log.method, url: log.path }, 'erro inesperado');
  return new AppError({ code: 'internal_error', message: apiText('internal') });
}

/**
 * Anything → the error response (see `toAppError`): what the route wrapper (server/api/route.ts)
 * answers for everything thrown by a check or a handler.
 */
export function handleApiError(
  err: unknown,
  log: { requestId?: string; method?: string; path?: string } = {},
  headers?: HeadersInit,
): NextResponse<ApiErrorBody> {
  return errorResponse(toAppError(err, log), headers);
}
