'use client';

import * as React from 'react';
import type { Viewer } from '@/lib/auth/viewer';

export type AuthTab = 'login' | 'signup';

interface AuthContextValue {
  /** The signed-in user as the server saw it for this page, or null. */
  viewer: Viewer | null;
  /** True while a login or logout is being completed (the header shows a skeleton). */
  loading: boolean;
  setLoading: (loading: boolean) => void;
  /** Opens the login / sign-up dialog on a tab. */
  openLogin: (tab?: AuthTab) => void;
  dialog: { open: boolean; tab: AuthTab };
  setDialog: (dialog: { open: boolean; tab: AuthTab }) => void;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);

/** Spec 8: using the auth hook outside its provider is an error. */
export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error('useAuth deve ser usado dentro de <AuthProvider>.');
  return value;
}

/** The session of the page (read on the server) and the login dialog state. */
export function AuthProvider({ viewer, children }: { viewer: Viewer | null; children: React.ReactNode }) {
  const [loading, setLoading] = React.useState(false);
  const [dialog, setDialog] = React.useState<{ open: boolean; tab: AuthTab }>({ open: false, tab: 'login' });
  // Spec 4: the loading flag is forced off after 15 s.
  React.useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setLoading(false), 15_000);
    return () => window.clearTimeout(timer);
  }, [loading]);
  const value = React.useMemo<AuthContextValue>(
    () => ({ viewer, loading, setLoading, dialog, setDialog, openLogin: (tab = 'login') => setDialog({ open: true, tab }) }),
    [viewer, loading, dialog],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
