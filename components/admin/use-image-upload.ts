'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ActionResult } from '@/lib/errors';

/**
 * The image upload of an admin form (a brand's logo, a campaign's image): the chosen file goes to
 * the upload action; its URL is handed to `onUploaded`, its error (translated when it is a message
 * key) set on the form's field, and `failedMessage` when the upload could not be read at all. The
 * file input is cleared afterwards, so the same file may be chosen again.
 */
export function useImageUpload<T extends FieldValues>({
  field,
  upload,
  setError,
  onUploaded,
  onStart,
  failedMessage,
}: {
  field: Path<T>;
  upload: (form: FormData) => Promise<ActionResult<{ url: string }>>;
  setError: UseFormSetError<T>;
  onUploaded: (url: string) => void;
  onStart?: () => void;
  failedMessage: string;
}) {
  const t = useTranslations();
  const [uploading, setUploading] = React.useState(false);
  const onUpload = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    onStart?.();
    try {
      const form = new FormData();
      form.set('file', file);
      const result = await upload(form);
      if (result.ok) onUploaded(result.data.url);
      else setError(field, { type: 'server', message: t.has(result.error.message) ? t(result.error.message, result.error.values) : result.error.message });
    } catch {
      setError(field, { type: 'server', message: failedMessage });
    } finally {
      setUploading(false);
      event.target.value = '';
    }
  };
  return { uploading, onUpload };
}

/**
 * Sets the server's errors on the fields the form knows (the first message of each), focusing the
 * first of them; fields the form does not have are left to the form's general message.
 */
export function setServerFieldErrors<T extends FieldValues>(errors: Record<string, string[] | undefined> | null | undefined, fields: readonly string[], setError: UseFormSetError<T>): void {
  let focused = false;
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (!fields.includes(field) || !messages?.[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !focused });
    focused = true;
  }
}
