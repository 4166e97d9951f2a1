'use client';

import { useRouter } from 'next/navigation';
import * as React from 'react';
import { StaleNotice } from '@/components/admin/stale-notice';
import { isStaleData, type Snapshot, type StaleData } from '@/lib/admin/stale';
import type { ActionResult } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';

type FormAction = (input: FormData) => Promise<ActionResult<unknown>>;

/**
 * A form of the people screens posting to one server action: the fields are the
 * children (plain inputs named as the action's schema), the answer is shown under the button
 * (success or the refusal, and each field's errors next to the form), the page's data is
 * refreshed after a success, or the browser goes to `successHref` (`{id}`, `{userId}`,
 * `{accountId}` taken from the action's data). A save over a newer version shows the differences
 * (StaleNotice) and lets the user reload or keep their edits on top of the new version.
 */
export function ActionForm({
  action,
  children,
  submitLabel,
  pendingLabel = 'A gravar…',
  confirmText,
  successHref,
  className,
  buttonClassName,
  testId,
  resetOnSuccess = false,
  labels,
}: {
  action: FormAction;
  children?: React.ReactNode;
  submitLabel: string;
  pendingLabel?: string;
  confirmText?: string;
  successHref?: string;
  className?: string;
  buttonClassName?: string;
  testId?: string;
  resetOnSuccess?: boolean;
  /** Field labels for the stale notice. */
  labels?: Record<string, string>;
}) {
  const router = useRouter();
  const text = useMessageText();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [pending, startTransition] = React.useTransition();
  const [outcome, setOutcome] = React.useState<{ ok: boolean; message: string; fields?: Record<string, string[]> } | null>(null);
  const [stale, setStale] = React.useState<{ data: StaleData; mine: Snapshot } | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmText && !window.confirm(confirmText)) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      let result: ActionResult<unknown>;
      try {
        result = await action(data);
      } catch {
        setOutcome({ ok: false, message: text('Errors.generic') ?? 'Erro.' });
        return;
      }
      if (result.ok) {
        setStale(null);
        const payload = (result.data ?? {}) as { message?: string; values?: Record<string, string | number>; id?: unknown; userId?: unknown; accountId?: unknown };
        setOutcome({ ok: true, message: text(payload.message ?? 'Admin.saved', payload.values) ?? '' });
        if (resetOnSuccess) form.reset();
        if (successHref) {
          const href = successHref.replace(/\{(id|userId|accountId)\}/g, (_m, k: 'id' | 'userId' | 'accountId') => encodeURIComponent(String(payload[k] ?? '')));
          router.push(href);
        } else router.refresh();
        return;
      }
      const error = result.error;
      if (error.code === 'conflict' && isStaleData(error.data)) {
        setStale({ data: error.data, mine: Object.fromEntries([...data.entries()].filter(([, v]) => typeof v === 'string')) as Snapshot });
      }
      const fields = error.fieldErrors ? Object.fromEntries(Object.entries(error.fieldErrors).map(([f, keys]) => [f, keys.map((k) => text(k) ?? k)])) : undefined;
      setOutcome({ ok: false, message: text(error.message, error.values) ?? '', fields });
    });
  };

  const keepMine = () => {
    if (!stale || !formRef.current) return;
    const version = formRef.current.elements.namedItem('version');
    if (version instanceof HTMLInputElement) version.value = String(stale.data.version);
    setStale(null);
    setOutcome(null);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} className={className ?? 'space-y-3'} data-testid={testId} noValidate>
      {children}
      {stale ? (
        <StaleNotice
          stale={stale.data}
          mine={stale.mine}
          labels={labels}
          onReload={() => {
            setStale(null);
            setOutcome(null);
            formRef.current?.reset();
            router.refresh();
          }}
          onKeepMine={keepMine}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={buttonClassName ?? 'rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-60'}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {outcome ? (
          <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
            {outcome.message}
          </p>
        ) : null}
      </div>
      {outcome?.fields ? (
        <ul className="list-inside list-disc text-sm text-red-700">
          {Object.entries(outcome.fields).map(([field, messages]) => (
            <li key={field}>
              {labels?.[field] ?? field}: {messages.join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

/** A labelled text input of these forms. */
export function Field({ label, name, defaultValue, type = 'text', required, placeholder, hint, className }: { label: string; name: string; defaultValue?: string | number | null; type?: string; required?: boolean; placeholder?: string; hint?: string; className?: string }) {
  const id = React.useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </label>
      <input id={id} name={name} type={type} defaultValue={defaultValue ?? ''} required={required} placeholder={placeholder} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

/** A labelled select of these forms. */
export function SelectField({ label, name, defaultValue, options, className }: { label: string; name: string; defaultValue?: string; options: readonly { value: string; label: string }[]; className?: string }) {
  const id = React.useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
