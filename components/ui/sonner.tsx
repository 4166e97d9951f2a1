'use client';

import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts: light theme, 4 s, up to 3 visible (spec 9), labelled for screen readers in pt-PT. */
function Toaster(props: ToasterProps) {
  return <Sonner theme="light" duration={4000} visibleToasts={3} containerAriaLabel="Notificações" closeButton richColors {...props} />;
}

export { Toaster };
