/**
 * The JSON envelope of every route handler under app/api (spec 7), shared by the server
 * (server/api/route.ts builds it) and the clients that read it (infinite scroll, forms…).
 * Types only: nothing here reaches a client bundle.
 */

export interface ApiPagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

export interface ApiSuccessBody<T> {
  success: true;
  data: T;
  message?: string;
  pagination?: ApiPagination;
}

export interface ApiErrorBody {
  success: false;
  /** The Portuguese message to show (same as `error.message`). */
  message: string;
  error: {
    /** One of the codes of server/api/errors.ts (`bad_request`, `not_found`, `internal_error`…). */
    code: string;
    message: string;
    /** Field → Portuguese messages (invalid parameters, body fields, unknown filters). */
    details?: Record<string, string[]>;
  };
  /** What the client needs to act on the error (e.g. the new totals of a refused checkout). */
  data?: unknown;
}

export type ApiBody<T> = ApiSuccessBody<T> | ApiErrorBody;
