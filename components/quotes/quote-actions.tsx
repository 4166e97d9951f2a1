'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { postQuote, refusalText } from './quote-api';

/**
 * The actions of a quote's pages, each a small client leaf that calls the quote API and
 * refreshes the server-rendered page: a message in the thread, decline, request again, withdraw.
 * `token`: a guest's private link token, sent as `X-Quote-Token` (otherwise the session decides).
 */

function useFailureText() {
  const t = useTranslations('QuoteActions');
  return (result: { status: number; message: string | null }) => refusalText(result, { offline: t('offline'), failed: t('failed') });
}

/** A new message, optionally about one line; the server's message under the field on refusal (the text is kept). */
export function QuoteMessageForm({ quoteId, token, lines }: { quoteId: number; token?: string; lines: { position: number; name: string }[] }) {
  const t = useTranslations('QuoteActions.thread');
  const failure = useFailureText();
  const router = useRouter();
  const id = React.useId();
  const [body, setBody] = React.useState('');
  const [line, setLine] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const bodyRef = React.useRef<HTMLTextAreaElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setProblem(null);
    const result = await postQuote(`/api/quotes/${quoteId}/messages`, { body, line_position: line ? Number(line) : null }, token);
    flushSync(() => setBusy(false));
    if (result.ok) {
      setBody('');
      setLine('');
      toast.success(t('sent'));
      router.refresh();
      return;
    }
    const fieldError = result.details.body?.[0] ?? result.details.line_position?.[0];
    if (fieldError) {
      setError(fieldError);
      bodyRef.current?.focus();
    } else setProblem(failure(result));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl border bg-white p-4" data-testid="quote-message-form">
      {lines.length > 1 && (
        <Field id={`${id}-line`} label={t('line')}>
          <NativeSelect id={`${id}-line`} value={line} onChange={(e) => setLine(e.target.value)} disabled={busy}>
            <option value="">{t('anyLine')}</option>
            {lines.map((l) => (
              <option key={l.position} value={l.position}>
                {t('lineOption', { position: l.position, name: l.name })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <Field id={`${id}-body`} label={t('label')} error={error ?? undefined} required>
        <Textarea
          ref={bodyRef}
          name="body"
          rows={3}
          maxLength={4000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          disabled={busy}
          aria-required="true"
        />
      </Field>
      <FormAlert message={problem} />
      <Button type="submit" disabled={busy} data-testid="quote-message-send">
        {busy ? t('sending') : t('send')}
      </Button>
    </form>
  );
}

/**
 * A move of the quote that asks first, with an optional reason kept in the history: the
 * customer's 'Recusar orçamento' and staff's 'Retirar orçamento'. Escape cancels; focus goes to the
 * reason when asking and back to the button after.
 */
function ReasonedQuoteAction({ quoteId, token, action }: { quoteId: number; token?: string; action: 'decline' | 'withdraw' }) {
  const t = useTranslations(`QuoteActions.${action}`);
  const failure = useFailureText();
  const router = useRouter();
  const id = React.useId();
  const [asking, setAsking] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const reasonRef = React.useRef<HTMLTextAreaElement>(null);
  React.useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);
  const question = t.has('question') ? t('question') : null;

  const cancel = () => {
    setAsking(false);
    setProblem(null);
    window.setTimeout(() => triggerRef.current?.focus(), 0);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    const result = await postQuote(`/api/quotes/${quoteId}/${action}`, { reason }, token);
    setBusy(false);
    if (result.ok) {
      setAsking(false);
      toast.success(t('done'));
      router.refresh();
    } else setProblem(result.details.reason?.[0] ?? failure(result));
  };

  if (!asking) {
    return (
      <Button ref={triggerRef} type="button" variant="outline" className="border-red-300 text-red-800 hover:bg-red-50" onClick={() => setAsking(true)} data-testid={`quote-${action}`}>
        {t('button')}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={question ? `${id}-q` : undefined}
      aria-label={question ? undefined : t('button')}
      className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4"
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      {question && (
        <p id={`${id}-q`} className="font-semibold text-red-900">
          {question}
        </p>
      )}
      <Field id={`${id}-reason`} label={t('reason')}>
        <Textarea ref={reasonRef} id={`${id}-reason`} rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} />
      </Field>
      <FormAlert message={problem} />
      <div className="flex gap-3">
        <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={busy} data-testid={`quote-${action}-confirm`}>
          {t('confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={cancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

/** 'Recusar orçamento': asks first (with an optional reason), then declines. */
export function DeclineQuote({ quoteId, token }: { quoteId: number; token?: string }) {
  return <ReasonedQuoteAction quoteId={quoteId} token={token} action="decline" />;
}

/** 'Pedir de novo' (declined, expired, withdrawn): a new request with the same lines, then its page. */
export function RequestQuoteAgain({ quoteId }: { quoteId: number }) {
  const t = useTranslations('QuoteActions.again');
  const failure = useFailureText();
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const again = async () => {
    setBusy(true);
    setProblem(null);
    const result = await postQuote<{ quote_id: number; number: string }>(`/api/quotes/${quoteId}/request-again`, {});
    if (result.ok) {
      toast.success(t('done', { number: result.data.number }));
      router.push(`/dashboard/quotes/${result.data.quote_id}`);
      return;
    }
    setBusy(false);
    setProblem(failure(result));
  };
  return (
    <div className="space-y-2">
      <Button type="button" onClick={() => void again()} disabled={busy} data-testid="quote-request-again">
        {busy ? t('busy') : t('button')}
      </Button>
      <FormAlert message={problem} />
    </div>
  );
}

/** Staff: withdraw the request or the answer, with a reason kept in the history. */
export function WithdrawQuote({ quoteId }: { quoteId: number }) {
  return <ReasonedQuoteAction quoteId={quoteId} action="withdraw" />;
}
