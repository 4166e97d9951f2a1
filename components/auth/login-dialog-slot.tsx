'use client';

import * as React from 'react';
import { useAuth } from './auth-provider';

// The forms (react-hook-form, zod schemas) load only when the dialog is first opened. React.lazy,
// not next/dynamic: Next preloads next/dynamic chunks with the page, which would put zod and the
// forms back on every catalogue page.
const LoginDialog = React.lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

/** Where the login dialog lives in the page frame; nothing is loaded until it is needed. */
export function LoginDialogSlot() {
  const { dialog } = useAuth();
  const [needed, setNeeded] = React.useState(false);
  if (dialog.open && !needed) setNeeded(true);
  return needed ? (
    <React.Suspense fallback={null}>
      <LoginDialog />
    </React.Suspense>
  ) : null;
}
