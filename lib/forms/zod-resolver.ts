import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form ↔ a zod schema whose messages are already the Portuguese texts to show
 * (lib/auth/validation). The first message of each field wins; nested paths use the first segment.
 */
export function zodFormResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (!errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/** Server-side field errors (`{ field: [message] }`) applied to a form. */
export function applyFieldErrors(
  fieldErrors: Record<string, string[]> | undefined,
  setError: (name: never, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
): boolean {
  let first = true;
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    setError(name as never, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
