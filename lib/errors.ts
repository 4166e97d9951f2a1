/**
 * The error vocabulary shared by route handlers, server actions and the forms that read their
 * answers. Statuses live with AppError on the server (server/api/errors.ts); texts live in
 * messages/pt-PT.json and travel as message keys.
 */

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'feature_off',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'unavailable',
  'internal_error',
  'email_not_confirmed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values of a message's `{placeholders}`. */
export type MessageValues = Record<string, string | number>;

/**
 * A key of messages/pt-PT.json from the root, e.g. `'Validation.emailInvalid'`. Schemas, actions
 * and errors carry keys; the client translates them with next-intl (never raw text, never a stack).
 */
export type MessageKey = string;

/** What a server action answers when it refuses: a code, a message key, field → message keys. */
export interface ActionError {
  code: ErrorCode;
  message: MessageKey;
  values?: MessageValues;
  fieldErrors?: Record<string, MessageKey[]>;
  /** What the form needs to act on the refusal (e.g. the record as it is now, on a stale save). */
  data?: unknown;
}

/** What every server action answers (made by `validatedAction` in server/actions). */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

/** A success text chosen by the server: a message key and its values. */
export interface MessageRef {
  message: MessageKey;
  values?: MessageValues;
}
