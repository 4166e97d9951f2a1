import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';

export type ErrorCode = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'unprocessable' | 'rate_limited' | 'unavailable' | 'internal_error' | 'email_not_confirmed';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  email_not_confirmed: 403,
  unavailable: 503,
  internal_error: 500,
};

/** An error the API answers as it is: a code, a status and a Portuguese message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, string[]>;
  constructor({ code, message, details }: { code: ErrorCode; message: string; details?: Record<string, string[]> }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
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
