import type { ExternalToast } from 'sonner';

/**
 * `toast.success` / `toast.error` without sonner on the page until the first toast: the first
 * call asks <ToasterSlot> (app/layout.tsx) to mount the Toaster, loads sonner, and shows the toast
 * once the Toaster listens. Later calls go straight to sonner. A toast shown before the Toaster
 * mounted waits for it, so none is lost.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];

let wanted = false;
const listeners = new Set<() => void>();
let loaded: Sonner | null = null;
let sonner: Promise<Sonner> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** For <ToasterSlot>: whether a toast was asked for, and a subscription to that. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};

/**
 * Called by the Toaster once it listens. Its live region gets a moment in the page before the
 * first toast goes in, so screen readers announce that toast too.
 */
export function toasterMounted() {
  window.setTimeout(markMounted, 100);
}

function show(kind: 'success' | 'error' | 'info' | 'warning' | 'message', message: Message, data?: ExternalToast) {
  if (loaded) {
    loaded.toast[kind](message, data);
    return;
  }
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  void Promise.all([sonner, mounted]).then(
    ([module]) => {
      loaded = module;
      module.toast[kind](message, data);
    },
    () => {
      // The chunk did not arrive (offline before it was ever loaded): the next toast asks again.
      sonner = null;
    },
  );
}


export const toast = {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
  message: (message: Message, data?: ExternalToast) => show('message', message, data),
};
