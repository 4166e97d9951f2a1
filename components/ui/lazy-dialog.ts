'use client';

import * as React from 'react';

export interface LazyDialogOptions {
  /** Starts loading the dialog's code (called when the pointer or focus reaches the trigger). */
  load?: () => Promise<unknown>;
  /** Controlled state, for dialogs that close on a path change; own state otherwise. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * State of a dialog or sheet whose code (Radix and its content) loads only when it is first
 * opened: the page ships a plain button with these `triggerProps` (what Radix's own trigger
 * would set: aria-haspopup, aria-expanded, aria-controls, data-state; Enter and Space click a
 * button), and renders the React.lazy dialog once `needed`. The dialog takes `open`, `setOpen`,
 * `contentId` and gives focus back to `triggerRef` when it closes (see focus-return.ts).
 */
export function useLazyDialog({ load, open: controlled, onOpenChange }: LazyDialogOptions = {}) {
  const [own, setOwn] = React.useState(false);
  const open = controlled ?? own;
  const setOpen = React.useCallback(
    (next: boolean) => {
      if (onOpenChange) onOpenChange(next);
      else setOwn(next);
    },
    [onOpenChange],
  );
  const [needed, setNeeded] = React.useState(false);
  if (open && !needed) setNeeded(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const contentId = React.useId();
  const preload = () => void load?.().catch(() => {});
  return {
    open,
    setOpen,
    needed,
    triggerRef,
    contentId,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      'aria-controls': open ? contentId : undefined,
      'data-state': open ? 'open' : 'closed',
      onClick: () => setOpen(!open),
      onPointerEnter: preload,
      onFocus: preload,
    },
  };
}
