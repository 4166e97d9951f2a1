import * as React from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode } from 'react-hook-form';
import type { z } from 'zod';
import type { ActionError, ActionResult, MessageRef } from '@/lib/errors';
import { useMessageText } from './use-message-text';
import { applyFieldErrors, zodFormResolver } from './zod-resolver';

/** The problem shown when a server action cannot be reached (network, crash). */
export const UNEXPECTED: MessageRef = { message: 'Errors.unexpected' };

export interface ActionFormOptions<V extends FieldValues> {
  /** The zod schema the server action also uses (lib/validation). */
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** When fields are checked (default: when a field is left). */
  mode?: Mode;
  /** The fields the form shows server errors under; the other refusals become the form's problem. */
  fields?: readonly string[];
  /** The problem when the action cannot be reached (default: UNEXPECTED). */
  failed?: MessageRef;
}

export interface SubmitHandlers<V, T> {
  onSuccess: (data: T, values: V) => void | Promise<void>;
  /** A refusal the form answers itself (a conflict, a stale save): true when it did. */
  onRefused?: (error: ActionError) => boolean;
}

/**
 * A react-hook-form form posted to a server action (validatedAction): the schema as resolver,
 * the action's field errors under their fields (the first one focused), any other refusal or a
 * failure to reach the server as the form's problem (`problemText`, shown in a FormAlert).
 *
 *   const { form, submit, fieldError, problemText } = useActionForm<Values>({ schema, defaultValues });
 *   const onSubmit = submit(saveAction, { onSuccess: (data) => toast.success(…) });
 */
export function useActionForm<V extends FieldValues>({ schema, defaultValues, mode = 'onTouched', fields, failed = UNEXPECTED }: ActionFormOptions<V>) {
  const text = useMessageText();
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const form = useForm<V>({ resolver: zodFormResolver<V>(schema), defaultValues, mode });
  const { handleSubmit, setError } = form;

  const submit = <T>(action: (values: V) => Promise<ActionResult<T>>, { onSuccess, onRefused }: SubmitHandlers<V, T>) =>
    handleSubmit(async (values) => {
      setProblem(null);
      try {
        const result = await action(values);
        if (result.ok) {
          await onSuccess(result.data, values);
          return;
        }
        if (onRefused?.(result.error)) return;
        if (!applyFieldErrors(result.error.fieldErrors, setError, fields)) setProblem(result.error);
      } catch {
        setProblem(failed);
      }
    });

  /** The text of a field's error, or undefined. */
  const fieldError = (name: keyof V & string) => text(form.formState.errors[name]?.message as string | undefined);

  return { form, text, problem, setProblem, problemText: text(problem?.message, problem?.values), submit, fieldError };
}
