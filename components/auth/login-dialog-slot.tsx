'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useAuth } from './auth-provider';

// The forms (react-hook-form, zod schemas) load only when the dialog is first opened.
const LoginDialog = dynamic(() => import('./login-dialog').then((m) => m.LoginDialog), { ssr: false });

/** Where the login dialog lives in the page frame; nothing is loaded until it is needed. */
export function LoginDialogSlot() {
  const { dialog } = useAuth();
  const [needed, setNeeded] = React.useState(false);
  if (dialog.open && !needed) setNeeded(true);
  return needed ? <LoginDialog /> : null;
}
