import 'server-only';
import { StorageUnavailableError } from '@/server/storage/errors';
import { noteDatabaseError } from '@/server/db/availability';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { ApiErrorBody } from '@/lib/api/types';
import type { ErrorCode } from '@/lib/errors';
import { AppError, validationError } from '@/server/errors';
import { serverText } from '@/server/i18n';
import { logger } from '@/server/log';

const apiLog = logger('api');

export type { ApiErrorBody };

/*
 * The HTTP side of errors: the status of each code and the JSON envelope. The errors themselves
 * (AppError, zod → AppError) live in server/errors.ts; this is where their keys become text.
 */

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

/** The text of an error's key, as the API answers it. */
export function errorText(error: AppError): string {
  return serverText(error.key, error.values);
}

export function errorBody(error: AppError): ApiErrorBody {
  const message = errorText(error);
  return {
    success: false,
    message,
    error: { code: error.code, message, ...(error.details ? { details: error.details } : {}) },
    ...(error.data !== undefined ? { data: error.data } : {}),
  };
}

export function errorResponse(error: AppError, headers?: HeadersInit): NextResponse<ApiErrorBody> {
  const response = NextResponse.json(errorBody(error), { status: statusOf(error.code), headers });
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
    return new AppError({ code: 'unavailable', key: 'Api.storageUnavailable', details: { retryAfter: ['30'] } });
  }
  if (noteDatabaseError(err)) {
    return new AppError({ code: 'unavailable', key: 'Api.databaseUnavailable', details: { retryAfter: ['10'] } });
  }
  apiLog.error({ err, requestId: log.requestId, method: log.method, url: log.path }, 'erro inesperado');
  return new AppError({ code: 'internal_error', key: 'Api.internal' });
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
