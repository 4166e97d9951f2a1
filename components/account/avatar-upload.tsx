'use client';

import * as React from 'react';
import Image from 'next/image';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import type { ActionError } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { AVATAR_TYPES, avatarSchema } from '@/lib/validation/account';
import { removeAvatarAction, uploadAvatarAction } from '@/server/account/actions';

const ACCEPT = AVATAR_TYPES.join(',');

/** The first check, in the browser, with the action's schema (the server decodes the image and checks again): a message key or null. */
export function avatarFileProblem(file: File): string | null {
  const parsed = avatarSchema.safeParse({ avatar: file });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Validation.imageType');
}

/** The key to show for a refused upload or removal: the file's own problem first. */
const problemOf = (error: ActionError) => error.fieldErrors?.avatar?.[0] ?? error.message;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters
    .map((p) => Array.from(p ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase('pt-PT');
}

/** Profile picture: choose a JPG/PNG/WebP up to 2 MB (stored as 256×256 WebP) or remove it. */
export function AvatarUpload({ avatarUrl, displayName }: { avatarUrl: string | null; displayName: string }) {
  const t = useTranslations('Account.avatar');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const inputId = `${id}-avatar`;
  const errorId = `${id}-avatar-error`;
  const hintId = `${id}-avatar-hint`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [url, setUrl] = React.useState(avatarUrl);
  const [error, setError] = React.useState<string | null>(null);
  /** Values of the error's message ('aguarde {minutes} minutos' of the upload limit). */
  const [errorValues, setErrorValues] = React.useState<ActionError['values']>(undefined);
  const [busy, setBusy] = React.useState(false);
  // A new avatarUrl from the server (after router.refresh) wins over the local one.
  const [shownProp, setShownProp] = React.useState(avatarUrl);
  if (shownProp !== avatarUrl) {
    setShownProp(avatarUrl);
    setUrl(avatarUrl);
  }

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const upload = async (file: File) => {
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(problem);
      clearInput();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const data = new FormData();
      data.set('avatar', file);
      const result = await uploadAvatarAction(data);
      if (result.ok) {
        setUrl(result.data.url);
        toast.success(t('updated'));
        router.refresh();
      } else {
        setError(problemOf(result.error));
        setErrorValues(result.error.values);
      }
    } catch {
      setError('Account.avatar.uploadFailed');
    } finally {
      setBusy(false);
      clearInput();
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      const result = await removeAvatarAction();
      if (result.ok) {
        setUrl(null);
        toast.success(t('removed'));
        router.refresh();
      } else setError(problemOf(result.error));
    } catch {
      setError('Account.avatar.removeFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="avatar-upload">
      {url ? (
        <Image
          src={url}
          alt={t('alt')}
          width={96}
          height={96}
          unoptimized
          className="size-24 shrink-0 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-sky-100 text-2xl font-semibold text-sky-900"
        >
          {initials(displayName)}
        </span>
      )}
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
            {busy ? t('sending') : url ? t('change') : t('choose')}
          </Button>
          {url && (
            <Button type="button" variant="ghost" className="text-red-700 hover:text-red-800" disabled={busy} onClick={remove}>
              {t('remove')}
            </Button>
          )}
        </div>
        <label htmlFor={inputId} className="sr-only">
          {t('label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <p id={hintId} className="text-xs text-slate-600">
          {t('hint')}
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {text(error, errorValues)}
          </p>
        )}
      </div>
    </div>
  );
}
