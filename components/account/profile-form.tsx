'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { PROFILE_NAME_MAX, profileSchema, type ProfileFormValues } from '@/lib/validation/account';
import { updateProfileAction } from '@/server/auth/actions';

/** Spec 3 Profile: full name (required) and fiscal name (optional, the name on invoices). */
export function ProfileForm({ fullName, fiscalName }: { fullName: string | null; fiscalName: string | null }) {
  const t = useTranslations('Account.profile');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
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
        toast.success(text(result.data.message, result.data.values));
        router.refresh();
        return;
      }
      if (!applyFieldErrors(result.error.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem({ message: 'Account.profile.failed' });
    }
  });

  const nameId = `${id}-fullName`;
  const fiscalId = `${id}-fiscalName`;
  const nameError = text(errors.fullName?.message);
  const fiscalError = text(errors.fiscalName?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('label')} data-testid="profile-form">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field id={nameId} label={t('fullName')} error={nameError} required>
          <Input
            autoComplete="name"
            maxLength={PROFILE_NAME_MAX}
            aria-required="true"
            {...register('fullName')}
          />
        </Field>
        <Field id={fiscalId} label={t('fiscalName')} error={fiscalError} description={t('fiscalNameHint')}>
          <Input
            autoComplete="organization"
            maxLength={PROFILE_NAME_MAX}
            {...register('fiscalName')}
          />
        </Field>
      </fieldset>
      <FormAlert message={text(problem?.message, problem?.values)} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
