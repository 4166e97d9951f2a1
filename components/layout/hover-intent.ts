import { useEffect, useState } from 'react';

/** Menu hover timings of spec 9: open 200 ms, skip 300 ms, close 150 ms. */
export const MENU_TIMINGS = { openDelay: 200, skipDelay: 300, closeDelay: 150 } as const;

export interface HoverIntentOptions {
  openDelay: number;
  /** After a menu closed, hovering another trigger within this time opens it at once. */
  skipDelay: number;
  closeDelay: number;
}

export interface HoverIntent {
  /** Pointer entered the trigger or the panel of `key`. */
  enter(key: string): void;
  /** Pointer left a trigger or a panel. */
  leave(): void;
  /** Open at once (click, keyboard). */
  open(key: string): void;
  /** Close at once (Escape, a link was chosen). */
  close(): void;
  toggle(key: string): void;
  current(): string | null;
  dispose(): void;
}

/**
 * Hover intent for dropdowns and the mega-menu: a menu opens after `openDelay` of hovering,
 * immediately while another menu is open or within `skipDelay` after one closed, and closes
 * `closeDelay` after the pointer left (coming back in time keeps it open).
 */
export function createHoverIntent(
  onChange: (key: string | null) => void,
  options: HoverIntentOptions = MENU_TIMINGS,
): HoverIntent {
  let value: string | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let skipTimer: ReturnType<typeof setTimeout> | undefined;
  let warm = false;

  const clear = () => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    openTimer = undefined;
    closeTimer = undefined;
  };

  const set = (next: string | null) => {
    if (next === value) return;
    const wasOpen = value !== null;
    value = next;
    if (next !== null) {
      clearTimeout(skipTimer);
      warm = true;
    } else if (wasOpen) {
      clearTimeout(skipTimer);
      warm = true;
      skipTimer = setTimeout(() => {
        warm = false;
      }, options.skipDelay);
    }
    onChange(next);
  };

  return {
    enter(key) {
      clearTimeout(closeTimer);
      closeTimer = undefined;
      if (value === key) return;
      clearTimeout(openTimer);
      if (value !== null || warm) {
        openTimer = undefined;
        set(key);
        return;
      }
      openTimer = setTimeout(() => {
        openTimer = undefined;
        set(key);
      }, options.openDelay);
    },
    leave() {
      clearTimeout(openTimer);
      openTimer = undefined;
      if (value === null) return;
      clearTimeout(closeTimer);
      closeTimer = setTimeout(() => {
        closeTimer = undefined;
        set(null);
      }, options.closeDelay);
    },
    open(key) {
      clear();
      set(key);
    },
    close() {
      clear();
      set(null);
    },
    toggle(key) {
      clear();
      set(value === key ? null : key);
    },
    current: () => value,
    dispose() {
      clear();
      clearTimeout(skipTimer);
    },
  };
}

/** React state around one hover-intent controller. */
export function useHoverIntent(
  options: HoverIntentOptions = MENU_TIMINGS,
): [string | null, HoverIntent] {
  const [value, setValue] = useState<string | null>(null);
  const [intent] = useState(() => createHoverIntent(setValue, options));
  useEffect(() => () => intent.dispose(), [intent]);
  return [value, intent];
}
