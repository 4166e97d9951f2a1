'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { toasterMounted } from './toast';

/** Toasts: light theme, 4 s, up to 3 visible (spec 9), labelled for screen readers in pt-PT. */
function Toaster(props: ToasterProps) {
  // Effects run child first: by now sonner's Toaster is subscribed to new toasts.
  React.useEffect(() => toasterMounted(), []);
  return <Sonner theme="light" duration={4000} visibleToasts={3} containerAriaLabel="Notificações" closeButton richColors {...props} />;
}

export { Toaster };
