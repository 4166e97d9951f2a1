import 'server-only';
import { randomUUID } from 'node:crypto';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { hasAccess, type ActionAccess } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import type { ActionError, ActionResult, ErrorCode, MessageKey } from '@/lib/errors';
import type { FeatureFlag } from '@/lib/flags';
import { PAGE_NAMESPACES, SHELL_NAMESPACES } from '@/lib/i18n/client-messages';
import { AppError } from '@/server/errors';
import { getViewer } from '@/server/auth/session';
import { isFeatureEnabled } from '@/server/flags';
import { isMessageKey } from '@/server/i18n';
import { formDataToInput, isFormData } from './form-data';
import { currentRequestIp } from './request-meta';
import { logger } from '@/server/log';

const log = logger('action');

export type { ActionError, ActionResult } from '@/lib/errors';

/**
 * The one way to make a server action (models: `validatedAction` of nextjs/saas-starter,
 * `withWorkspace` of dub). In this order:
 * 1. `session: 'required'` (or a `permission`): no signed-in user → `unauthorized`,
 *    'Errors.unauthenticated'. `session: 'optional'` reads the user when there is one.
 * 2. `flag`: a feature switched off on this host → `feature_off`, 'Errors.featureOff';
 *    admins pass (spec 4 "Guarded actions").
 * 3. `permission` (spec 6, or 'staff'): missing → `forbidden`, 'Errors.forbidden'.
 * 4. `schema`: the input, untrusted whatever the caller's types say, plain object or FormData
 *    (see form-data.ts), is parsed with the form's own zod schema; its issues come back as
 *    `fieldErrors: { field: [message key] }`.
 * 5. The handler gets the parsed data, the viewer and the client's IP. An AppError it throws
 *    becomes its code and message key (the generic key of its code when the browser does not
 *    have that text); Next's redirect()/notFound() pass through; anything else
 *    is logged with an id and answered `internal_error`, 'Errors.generic' (never a stack).
 * Every message is a key of messages/pt-PT.json, translated by the client.
 */

export interface ActionContext<V extends Viewer | null = Viewer | null> {
  /** The signed-in user (always read for `session`, `permission` or `flag`; otherwise null). */
  viewer: V;
  /** The client's IP address (hash it before storing: server/security/hash-ip.ts). */
  ip: string | null;
}

type Refusal = 'unauthenticated' | 'forbidden' | 'featureOff';

interface CommonOptions<S extends z.ZodType> {
  schema: S;
  /** The feature flag(s) the action belongs to; when one is off, only admins get through. */
  flag?: FeatureFlag | readonly FeatureFlag[];
  /** This action's own message keys for its refusals, instead of the generic `Errors.*`. */
  messages?: Partial<Record<Refusal, MessageKey>>;
}

export type SignedInOptions<S extends z.ZodType> = CommonOptions<S> & {
  session: 'required';
  permission?: ActionAccess;
};

export type OpenOptions<S extends z.ZodType> = CommonOptions<S> & {
  session?: 'optional';
  permission?: undefined;
};

type Handler<S extends z.ZodType, T, V extends Viewer | null> = (
  data: z.output<S>,
  context: ActionContext<V>,
) => Promise<T>;

/**
 * What an action takes: FormData, or an object with the schema's field names holding anything
 * (a form's values before they are valid: '' for an unchosen select, false for an unticked box).
 * The schema decides at run time; the names are checked at compile time.
 */
export type ActionInput<S extends z.ZodType> =
  { [K in keyof NonNullable<z.input<S>>]?: unknown } | FormData;

/** The action as its callers see it: the form's values (or FormData) in, an ActionResult out. */
export type Action<S extends z.ZodType, T> =
  undefined extends z.input<S>
    ? (input?: ActionInput<S>) => Promise<ActionResult<T>>
    : (input: ActionInput<S>) => Promise<ActionResult<T>>;

const DEFAULT_KEYS: Record<Refusal, MessageKey> = {
  unauthenticated: 'Errors.unauthenticated',
  forbidden: 'Errors.forbidden',
  featureOff: 'Errors.featureOff',
};

/**
 * The namespaces of messages/pt-PT.json the browser has (lib/i18n/client-messages.ts). An error
 * whose key lies elsewhere (the API's own texts: `Api`, `CartApi`, `Orders`…) is answered with
 * the generic key of its code, which the form can show.
 */
// `Files`: the upload refusals (server/uploads), whose keys the admin forms have always been answered
// with (the staff see why a file was refused, not a generic text).
const BROWSER_NAMESPACES: ReadonlySet<string> = new Set([...SHELL_NAMESPACES, ...PAGE_NAMESPACES, 'Files']);

/** The key answered for an AppError whose own key the browser does not have. */
const KEY_OF_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  bad_request: 'Errors.badRequest',
  unprocessable: 'Errors.badRequest',
  unauthorized: 'Errors.unauthenticated',
  forbidden: 'Errors.forbidden',
  feature_off: 'Errors.featureOff',
  not_found: 'Errors.notFound',
  rate_limited: 'Errors.tooManyAttempts',
};

/** zod issues → `{ field: [message keys] }` (first path segment); a message that is not a key becomes 'Validation.invalid'. */
export function validationError(error: z.ZodError): ActionError {
  const fieldErrors: Record<string, MessageKey[]> = {};
  let message: MessageKey = 'Errors.badRequest';
  for (const issue of error.issues) {
    const key = isMessageKey(issue.message) ? issue.message : 'Validation.invalid';
    const field = issue.path[0];
    if (field === undefined) {
      // The whole input (e.g. not an object): no field to show it next to.
      if (key !== 'Validation.invalid') message = key;
      continue;
    }
    const list = (fieldErrors[String(field)] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  return {
    code: 'bad_request',
    message,
    ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
  };
}

function fromAppError(err: AppError): ActionError {
  const own = BROWSER_NAMESPACES.has(err.key.split('.')[0]!);
  const message = own ? err.key : (KEY_OF_CODE[err.code] ?? 'Errors.generic');
  return {
    code: err.code,
    message,
    ...(own && err.values ? { values: err.values } : {}),
    ...(own && err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
    ...(err.data !== undefined ? { data: err.data } : {}),
  };
}

const refuse = (code: ErrorCode, message: MessageKey): { ok: false; error: ActionError } => ({
  ok: false,
  error: { code, message },
});

export function validatedAction<S extends z.ZodType, T>(
  options: SignedInOptions<S>,
  handler: Handler<S, T, Viewer>,
): Action<S, T>;
export function validatedAction<S extends z.ZodType, T>(
  options: OpenOptions<S>,
  handler: Handler<S, T, Viewer | null>,
): Action<S, T>;
export function validatedAction<S extends z.ZodType, T>(
  options: SignedInOptions<S> | OpenOptions<S>,
  handler: Handler<S, T, Viewer> | Handler<S, T, Viewer | null>,
): Action<S, T> {
  const { schema, permission, session } = options;
  const flags: readonly FeatureFlag[] = options.flag === undefined ? [] : typeof options.flag === 'string' ? [options.flag] : options.flag;
  const keys = { ...DEFAULT_KEYS, ...options.messages };
  const signedIn = session === 'required' || permission !== undefined;
  const readsViewer = signedIn || session === 'optional' || flags.length > 0;

  const action = async (input?: unknown): Promise<ActionResult<T>> => {
    try {
      const viewer = readsViewer ? await getViewer() : null;
      if (signedIn && !viewer) return refuse('unauthorized', keys.unauthenticated);
      if (flags.length && !viewer?.isAdmin) {
        for (const flag of flags) if (!(await isFeatureEnabled(flag))) return refuse('feature_off', keys.featureOff);
      }
      if (permission && viewer && !hasAccess(viewer, permission)) {
        return refuse('forbidden', keys.forbidden);
      }

      const raw = isFormData(input) ? formDataToInput(input, schema) : input;
      const parsed = await schema.safeParseAsync(raw);
      if (!parsed.success) return { ok: false, error: validationError(parsed.error) };

      const context = { viewer, ip: await currentRequestIp() };
      const data = await (handler as Handler<S, T, Viewer | null>)(parsed.data, context);
      return { ok: true, data };
    } catch (err) {
      // redirect(), notFound(), forbidden() and Next's dynamic-rendering signals are not errors.
      unstable_rethrow(err);
      if (err instanceof AppError) return { ok: false, error: fromAppError(err) };
      if (err instanceof z.ZodError) return { ok: false, error: validationError(err) };
      const id = randomUUID();
      log.error({ err, errorId: id }, 'erro inesperado');
      return refuse('internal_error', 'Errors.generic');
    }
  };
  return action as Action<S, T>;
}
