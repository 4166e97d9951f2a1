import 'server-only';
import { z } from 'zod';
import { AppError } from '@/server/api/errors';
import { serverTranslator } from '@/server/mail/i18n';
import { currentRequestIp } from './request-meta';

/**
 * What every server action answers. `fieldErrors` maps a field to the message keys of its
 * validation namespace (e.g. `{ email: ['emailInvalid'] }`), for the form to translate and show.
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; code?: string; fieldErrors?: Record<string, string[]> };

export interface ActionContext {
  /** The client's IP address (hash it before storing: see hashIp). */
  ip: string | null;
}

/** zod issues → `{ field: [messages] }` (first path segment; `_` for the whole input). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/**
 * The one way to make a server action (model: `validatedAction` of nextjs/saas-starter): the
 * input, untrusted whatever the caller's types say, is parsed with `schema`; AppErrors become
 * their message; anything else is logged and answered with a generic Portuguese message.
 * Session and role checks join here when accounts exist (an `auth` option).
 */
export function validatedAction<S extends z.ZodType, T>(
  schema: S,
  action: (data: z.output<S>, context: ActionContext) => Promise<T>,
): (input: unknown) => Promise<ActionResult<T>> {
  return async (input: unknown): Promise<ActionResult<T>> => {
    const t = serverTranslator('Errors');
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      return {
        ok: false,
        code: 'bad_request',
        error: t('badRequest'),
        fieldErrors: fieldErrorsOf(parsed.error),
      };
    }
    try {
      const data = await action(parsed.data, { ip: await currentRequestIp() });
      return { ok: true, data };
    } catch (err) {
      if (err instanceof AppError) {
        return {
          ok: false,
          code: err.code,
          error: err.message,
          ...(err.details ? { fieldErrors: err.details } : {}),
        };
      }
      console.error('[action] erro inesperado:', err);
      return { ok: false, code: 'internal_error', error: t('generic') };
    }
  };
}
