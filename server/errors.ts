import 'server-only';
import { z } from 'zod';
import type { ErrorCode, MessageKey, MessageValues } from '@/lib/errors';
import { isMessageKey, serverText } from '@/server/i18n';

export type { ErrorCode } from '@/lib/errors';

/**
 * What an AppError is made of. The text is always a key of messages/pt-PT.json (never a finished
 * sentence: lint refuses a `message` here): the route wrappers translate it for API answers, the
 * action wrapper hands it to the form, which translates it in the browser.
 */
export interface AppErrorInit {
  code: ErrorCode;
  key: MessageKey;
  values?: MessageValues;
  /** Field → message keys: server actions answer them as they are; API answers get their texts (with `values`) in `details`. */
  fieldErrors?: Record<string, MessageKey[]>;
  /** Field → texts or figures already made (zod issues, a version, a report's rows): answered as they are. */
  details?: Record<string, string[]>;
  /** What the client needs to act on the error (e.g. the new totals of a 409 on checkout), answered as `data`. */
  data?: unknown;
}

/**
 * The one error domain code throws for a refusal the caller should see: a code (its HTTP status
 * lives in server/api/errors.ts) and a message key with its values. `message` holds the text
 * too, for logs and tests.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: MessageKey;
  readonly values?: MessageValues;
  readonly fieldErrors?: Record<string, MessageKey[]>;
  readonly details?: Record<string, string[]>;
  readonly data?: unknown;
  constructor(init: AppErrorInit) {
    super(serverText(init.key, init.values));
    this.name = 'AppError';
    this.code = init.code;
    this.key = init.key;
    this.values = init.values;
    this.fieldErrors = init.fieldErrors;
    this.data = init.data;
    // API answers get the field keys as texts (filled with the error's values), beside the details given.
    const fieldTexts = init.fieldErrors
      ? Object.fromEntries(Object.entries(init.fieldErrors).map(([field, keys]) => [field, keys.map((k) => serverText(k, init.values))]))
      : undefined;
    this.details = fieldTexts || init.details ? { ...fieldTexts, ...init.details } : undefined;
  }
}

/**
 * The key for a text that shared code has already composed and that has no key of its own: a
 * listing's empty-state sentence (also shown on the page), a zod issue written as a sentence, a
 * health check's finding. `Api.composed` is just `{text}`.
 */
export function composedText(text: string): { key: MessageKey; values: MessageValues } {
  return { key: 'Api.composed', values: { text } };
}

/** A text of messages/pt-PT.json by its full key (`Newsletter.validation.emailInvalid`), or undefined. */
function keyAt(path: string): MessageKey | undefined {
  return /\s/.test(path) || !isMessageKey(path) ? undefined : path;
}

/**
 * The key of a zod issue message. Schemas shared with the forms carry message keys (relative to
 * `namespace`, or from the root of messages/pt-PT.json); a few shared schemas carry a sentence,
 * which has no key (undefined).
 */
export function issueKey(message: string, namespace?: string): MessageKey | undefined {
  return (namespace ? keyAt(`${namespace}.${message}`) : undefined) ?? keyAt(message);
}

/**
 * The values of a zod issue's message: a refinement may carry them as `params`
 * (`.refine(ok, { message: 'CartApi.tooManyCodes', params: { max: 200 } })`).
 */
function issueValues(issue: z.core.$ZodIssue): MessageValues | undefined {
  if (issue.code !== 'custom' || !issue.params) return undefined;
  const values = Object.entries(issue.params).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
  return values.length ? Object.fromEntries(values) : undefined;
}

/** The text of a zod issue message: its key's text (with the issue's values), or the sentence as it is. */
export function issueText(message: string, namespace?: string, values?: MessageValues): string {
  const key = issueKey(message, namespace);
  return key ? serverText(key, values) : message;
}

/** zod issues → field messages: `{ limit: ['O limite deve ser…'] }` (`_` for the whole input). */
export function zodDetails(error: z.ZodError, namespace?: string): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (details[key] ??= []).push(issueText(issue.message, namespace, issueValues(issue)));
  }
  return details;
}

/** A zod error as a 400: the first field message on top, every one in details. */
export function validationError(error: z.ZodError, namespace?: string): AppError {
  const details = zodDetails(error, namespace);
  // The field listed first in details (integer-like paths come first in an object).
  const field = Object.keys(details)[0];
  const first = error.issues.find((issue) => (issue.path.map(String).join('.') || '_') === field);
  if (!first) return new AppError({ code: 'bad_request', key: 'Api.invalidParams', details });
  const key = issueKey(first.message, namespace);
  const values = issueValues(first);
  return new AppError({ code: 'bad_request', ...(key ? { key, ...(values ? { values } : {}) } : composedText(first.message)), details });
}
