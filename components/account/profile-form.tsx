'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormAlert, FormField, fieldA11y } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { updateProfileAction } from '@/server/auth/actions';

const NAME_MAX = 160;

/** The same rules as updateProfileAction (server/auth/actions), checked before sending. */
const profileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'O nome é obrigatório')
    .max(NAME_MAX, `O nome não pode ter mais de ${NAME_MAX} caracteres`),
  fiscalName: z.string().trim().max(NAME_MAX, `O nome fiscal não pode ter mais de ${NAME_MAX} caracteres`),
});

export interface ProfileFormValues {
  fullName: string;
  fiscalName: string;
}

/** Spec 3 Profile: full name (required) and fiscal name (optional, the name on invoices). */
export function ProfileForm({ fullName, fiscalName }: { fullName: string | null; fiscalName: string | null }) {
  const router = useRouter();
  const id = React.useId();
  const [problem, setProblem] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodFormResolver<ProfileFormValues>(profileSchema),
    defaultValues: { fullName: fullName ?? '', fiscalName: fiscalName ?? '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const sent = { fullName: values.fullName.trim(), fiscalName: values.fiscalName.trim() };
    try {
      const result = await updateProfileAction(sent);
      if (result.ok) {
        reset(sent);
        toast.success(result.data.message);
        router.refresh();
        return;
      }
      if (!applyFieldErrors(result.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem('Não foi possível guardar o perfil. Por favor, tente novamente.');
    }
  });

  const nameId = `${id}-fullName`;
  const fiscalId = `${id}-fiscalName`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Dados do perfil" data-testid="profile-form">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <FormField id={nameId} label="Nome" error={errors.fullName?.message} required>
          <Input
            autoComplete="name"
            maxLength={NAME_MAX}
            aria-required="true"
            {...fieldA11y(nameId, errors.fullName?.message)}
            {...register('fullName')}
          />
        </FormField>
        <FormField
          id={fiscalId}
          label="Nome fiscal (opcional)"
          error={errors.fiscalName?.message}
          hint="O nome que aparece nas faturas, se for diferente do seu nome (por exemplo, o da empresa)."
        >
          <Input
            autoComplete="organization"
            maxLength={NAME_MAX}
            {...fieldA11y(fiscalId, errors.fiscalName?.message, true)}
            {...register('fiscalName')}
          />
        </FormField>
      </fieldset>
      <FormAlert message={problem} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'A guardar…' : 'Guardar alterações'}
      </Button>
    </form>
  );
}
