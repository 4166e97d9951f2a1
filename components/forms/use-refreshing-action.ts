import * as React from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import type { ActionError, ActionResult, MessageKey, MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';

export interface RunOptions {
  /** Which action is running (several buttons share one busy state); `true` when there is one. */
  kind?: string;
  /** What to do once the action succeeded, before the page is refreshed (close a dialog, clear a field). */
  onDone?: () => void;
  /** What to do with a refusal besides the toast (show a field's error). */
  onRefused?: (error: ActionError) => void;
  /** The success toast when the action answers no message of its own. */
  success?: MessageKey;
  /** The toast when the action could not be reached (default: the generic error). */
  failed?: MessageKey;
}

function isMessageRef(data: unknown): data is MessageRef {
  return typeof data === 'object' && data !== null && typeof (data as MessageRef).message === 'string';
}

/**
 * Staff and account buttons that call a server action answering a message: one action at a
 * time, the answer as a toast (the action's message, or `success`; the refusal), the page refreshed after a success so the
 * server components show the change. `run` resolves to true on success.
 */
export function useRefreshingAction() {
  const text = useMessageText();
  const router = useRouter();
  const [busy, setBusy] = React.useState<string | null>(null);
  const running = React.useRef(false);

  const run = async <T>(call: () => Promise<ActionResult<T>>, { kind = 'run', onDone, onRefused, success, failed = 'Errors.generic' }: RunOptions = {}) => {
    if (running.current) return false;
    running.current = true;
    setBusy(kind);
    try {
      const result = await call();
      if (result.ok) {
        onDone?.();
        const done: MessageRef | null = success ? { message: success } : isMessageRef(result.data) ? result.data : null;
        if (done) toast.success(text(done.message, done.values));
        router.refresh();
        return true;
      }
      onRefused?.(result.error);
      toast.error(text(result.error.message, result.error.values));
      return false;
    } catch {
      toast.error(text(failed));
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  return { run, busy, text };
}
