'use client';

import * as React from 'react';
import { focusedElement } from '@/components/ui/focus-return';
import type { Viewer } from '@/lib/auth/viewer';

export type AuthTab = 'login' | 'signup';

interface AuthContextValue {
  /** The signed-in user (from /api/session), or null while loading and for guests. */
  viewer: Viewer | null;
  /** True while a login or logout is being completed (the header shows a skeleton). */
  loading: boolean;
  setLoading: (loading: boolean) => void;
  /** Opens the login / sign-up dialog on a tab. */
  openLogin: (tab?: AuthTab) => void;
  dialog: { open: boolean; tab: AuthTab };
  setDialog: (dialog: { open: boolean; tab: AuthTab }) => void;
  /** The control that opened the login dialog (focus goes back to it when the dialog closes). */
  loginOpener: () => HTMLElement | null;
  /** Replaces the viewer with what a dynamic page read on the server. */
  syncViewer: (viewer: Viewer | null) => void;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);

/** Spec 8: using the auth hook outside its provider is an error. */
export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error('useAuth deve ser usado dentro de <AuthProvider>.');
  return value;
}

/**
 * The session and the login dialog state. The shop's pages are shared and cached, so they carry
 * no session: the provider asks `/api/session` (private, never cached) once per page load and the
 * user block shows its loading skeleton until then. A `viewer` given as a prop (dynamic pages
 * that know it, tests) is used as is.
 */
export function AuthProvider({ viewer: known, children }: { viewer?: Viewer | null; children: React.ReactNode }) {
  const [fetched, setFetched] = React.useState<{ viewer: Viewer | null } | null>(null);
  const [loading, setLoading] = React.useState(false);
  const [dialog, setDialog] = React.useState<{ open: boolean; tab: AuthTab }>({ open: false, tab: 'login' });
  const opener = React.useRef<HTMLElement | null>(null);
  React.useEffect(() => {
    if (known !== undefined) return;
    let cancelled = false;
    fetch('/api/session', { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: { viewer?: Viewer | null } }>) : null))
      .then((body) => {
        if (!cancelled) setFetched({ viewer: body?.data?.viewer ?? null });
      })
      .catch(() => {
        if (!cancelled) setFetched({ viewer: null });
      });
    return () => {
      cancelled = true;
    };
  }, [known]);
  // Spec 4: the loading flag is forced off after 15 s.
  React.useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setLoading(false), 15_000);
    return () => window.clearTimeout(timer);
  }, [loading]);
  const viewer = known !== undefined ? known : (fetched?.viewer ?? null);
  const pending = known === undefined && fetched === null;
  const value = React.useMemo<AuthContextValue>(
    () => ({
      viewer,
      loading: loading || pending,
      setLoading,
      dialog,
      setDialog,
      openLogin: (tab = 'login') => {
        opener.current = focusedElement();
        setDialog({ open: true, tab });
      },
      loginOpener: () => opener.current,
      syncViewer: (next) => setFetched({ viewer: next }),
    }),
    [viewer, loading, pending, dialog],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Placed by pages that read the session on the server (the account area): keeps the header in
 * step with what the server just rendered (after a profile or avatar change and a refresh).
 */
export function ViewerSync({ viewer }: { viewer: Viewer | null }) {
  const { syncViewer } = useAuth();
  React.useEffect(() => {
    syncViewer(viewer);
  }, [viewer, syncViewer]);
  return null;
}
