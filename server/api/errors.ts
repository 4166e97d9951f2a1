import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { ErrorCode, MessageKey, MessageValues } from '@/lib/errors';
import { serverText } from '@/server/mail/i18n';

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
  email_not_confirmed: 403,
  unavailable: 503,
  internal_error: 500,
};

export type AppErrorInit =
  /** A text of messages/pt-PT.json: the key goes to server actions, its text to API answers. */
  | {
      code: ErrorCode;
      key: MessageKey;
      values?: MessageValues;
      /** Field → message keys (server actions); API answers get their texts as `details`. */
      fieldErrors?: Record<string, MessageKey[]>;
      details?: Record<string, string[]>;
    }
  /** A Portuguese text as is (route handlers); server actions answer the generic key of the code. */
  | { code: ErrorCode; message: string; details?: Record<string, string[]> };

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
  constructor(init: AppErrorInit) {
    super('key' in init ? serverText(init.key, init.values) : init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.details = init.details;
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

export interface ApiErrorBody {
  success: false;
  message: string;
  error: { code: ErrorCode; message: string; details?: Record<string, string[]> };
}

export function errorResponse(error: AppError, headers?: HeadersInit): NextResponse<ApiErrorBody> {
  return NextResponse.json(
    { success: false, message: error.message, error: { code: error.code, message: error.message, details: error.details } },
    { status: error.status, headers },
  );
}

/** zod issues → field messages: `{ limit: ['Deve ser um número entre 1 e 100.'] }`. */
export function zodDetails(error: z.ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

/** Anything → a response: AppError as is, zod as 400, the rest logged and answered as a bare 500. */
export function handleApiError(err: unknown): NextResponse<ApiErrorBody> {
  if (err instanceof AppError) return errorResponse(err);
  if (err instanceof z.ZodError) {
    return errorResponse(new AppError({ code: 'bad_request', message: 'Parâmetros inválidos.', details: zodDetails(err) }));
  }
  console.error('[api] erro inesperado:', err);
  return errorResponse(new AppError({ code: 'internal_error', message: 'Ocorreu um erro inesperado. Por favor, tente novamente.' }));
}
