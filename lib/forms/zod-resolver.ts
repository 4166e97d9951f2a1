import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form ↔ the zod schema the server action also uses (lib/validation). Error messages
 * stay message keys (translated where they are shown, with useMessageText). The first message of
 * each field wins; nested paths use the first segment.
 */
export function zodFormResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (!errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/**
 * Field errors of a server action (`{ field: [message key] }`) applied to a form; only the
 * fields in `known` when given. True when at least one was applied (the first one is focused).
 */
export function applyFieldErrors(
  fieldErrors: Record<string, string[]> | undefined,
  setError: (name: never, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  known?: readonly string[],
): boolean {
  let first = true;
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages[0];
    if (!message || (known && !known.includes(name))) continue;
    setError(name as never, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
