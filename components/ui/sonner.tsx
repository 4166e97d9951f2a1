'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { toasterMounted } from './toast';

/**
 * sonner's rich colours with darker texts: its defaults (e.g. green hsl(140 100% 27%) on a pale
 * green) fall short of WCAG AA's 4.5:1; these keep the hues and pass on their backgrounds.
 */
const RICH_TEXT = {
  '--success-text': 'hsl(140 100% 20%)',
  '--error-text': 'hsl(0 100% 35%)',
  '--info-text': 'hsl(210 92% 32%)',
  '--warning-text': 'hsl(31 92% 26%)',
} as React.CSSProperties;

/**
 * Toasts sit above the floating cart button (components/cart/floating-cart-view.tsx: 20 px from
 * the corner, 56 px tall, its dismiss badge 8 px above): neither hides the other, on a desktop or
 * a phone (sonner's full-width mobile layout below 600 px).
 */
const ABOVE_FLOATING_CART = { bottom: 96, right: 20 } as const;
const ABOVE_FLOATING_CART_MOBILE = { bottom: 96, left: 12, right: 12 } as const;

/** Toasts: light theme, 4 s, up to 3 visible (spec 9), labelled for screen readers in pt-PT. */
function Toaster({ style, ...props }: ToasterProps) {
  // Effects run child first: by now sonner's Toaster is subscribed to new toasts.
  React.useEffect(() => toasterMounted(), []);
  return <Sonner theme="light" duration={4000} visibleToasts={3} containerAriaLabel="Notificações" closeButton richColors offset={ABOVE_FLOATING_CART} mobileOffset={ABOVE_FLOATING_CART_MOBILE} style={{ ...RICH_TEXT, ...style }} {...props} />;
}

export { Toaster };
