/**
 * Focus return for dialogs opened without a Radix trigger (the trigger is a small button outside
 * the lazily loaded dialog code): remember the focused control when the dialog opens, and give it
 * focus back in the dialog's `onCloseAutoFocus`.
 */

/** The element that has focus now (the control being used), if any. */
export function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

/**
 * For `onCloseAutoFocus`: focuses `target` when it is still in the page (a control inside a menu
 * that closed meanwhile is not) instead of Radix's default, its own trigger, which these dialogs
 * do not have.
 */
export function restoreFocus(event: Event, target: HTMLElement | null | undefined) {
  if (!target?.isConnected) return;
  event.preventDefault();
  target.focus({ preventScroll: true });
}
