'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Input } from '@/components/ui/input';
import { useActionForm } from '@/lib/forms/use-action-form';
import { PROFILE_NAME_MAX, profileSchema, type ProfileFormValues } from '@/lib/validation/account';
import { updateProfileAction } from '@/server/auth/actions';
import { SubmitButton } from '@/components/forms/submit-button';

const trimmed = (values: ProfileFormValues): ProfileFormValues => ({ fullName: values.fullName.trim(), fiscalName: values.fiscalName.trim() });

/** Spec 3 Profile: full name (required) and fiscal name (optional, the name on invoices). */
export function ProfileForm({ fullName, fiscalName }: { fullName: string | null; fiscalName: string | null }) {
  const t = useTranslations('Account.profile');
  const router = useRouter();
  const id = React.useId();
  const { form, text, submit, fieldError, problemText } = useActionForm<ProfileFormValues>({
    schema: profileSchema,
    defaultValues: { fullName: fullName ?? '', fiscalName: fiscalName ?? '' },
    failed: { message: 'Account.profile.failed' },
  });
  const { register, reset } = form;
  const { isSubmitting } = form.formState;

  const onSubmit = submit((values) => updateProfileAction(trimmed(values)), {
    onSuccess: (data, values) => {
      reset(trimmed(values));
      toast.success(text(data.message, data.values));
      router.refresh();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('label')} data-testid="profile-form">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field id={`${id}-fullName`} label={t('fullName')} error={fieldError('fullName')} required>
          <Input autoComplete="name" maxLength={PROFILE_NAME_MAX} {...register('fullName')} />
        </Field>
        <Field id={`${id}-fiscalName`} label={t('fiscalName')} error={fieldError('fiscalName')} description={t('fiscalNameHint')}>
          <Input autoComplete="organization" maxLength={PROFILE_NAME_MAX} {...register('fiscalName')} />
        </Field>
      </fieldset>
      <FormAlert message={problemText} />
      <SubmitButton pending={isSubmitting} pendingLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
