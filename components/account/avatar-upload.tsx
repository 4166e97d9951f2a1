'use client';

import * as React from 'react';
import Image from 'next/image';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { removeAvatarAction, uploadAvatarAction } from '@/server/account/avatar';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 2 * 1024 * 1024;
const NOT_IMAGE = 'Escolha uma imagem JPG, PNG ou WebP.';
const TOO_BIG = 'A imagem não pode ter mais de 2 MB.';

/** The first check, in the browser (the server decodes the image and checks again). */
export function avatarFileProblem(file: File): string | null {
  if (file.type && !ACCEPT.split(',').includes(file.type.toLowerCase())) return NOT_IMAGE;
  if (file.size === 0) return NOT_IMAGE;
  if (file.size > MAX_BYTES) return TOO_BIG;
  return null;
}

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
  const router = useRouter();
  const id = React.useId();
  const inputId = `${id}-avatar`;
  const errorId = `${id}-avatar-error`;
  const hintId = `${id}-avatar-hint`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [url, setUrl] = React.useState(avatarUrl);
  const [error, setError] = React.useState<string | null>(null);
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
        setUrl(result.url);
        toast.success('Fotografia de perfil atualizada.');
        router.refresh();
      } else setError(result.error);
    } catch {
      setError('Não foi possível enviar a imagem. Por favor, tente novamente.');
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
        toast.success('Fotografia de perfil removida.');
        router.refresh();
      } else setError(result.error);
    } catch {
      setError('Não foi possível remover a imagem. Por favor, tente novamente.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="avatar-upload">
      {url ? (
        <Image
          src={url}
          alt="A sua fotografia de perfil"
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
            {busy ? 'A enviar…' : url ? 'Alterar fotografia' : 'Escolher fotografia'}
          </Button>
          {url && (
            <Button type="button" variant="ghost" className="text-red-700 hover:text-red-800" disabled={busy} onClick={remove}>
              Remover
            </Button>
          )}
        </div>
        <label htmlFor={inputId} className="sr-only">
          Fotografia de perfil
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
          JPG, PNG ou WebP, até 2 MB. A imagem é recortada num quadrado.
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
