'use client';

import * as React from 'react';
import { AuthTabs } from './login-dialog';
import type { AuthTab } from './auth-provider';

/** The tabs of the login modal as a page (/login), returning to `next` after login. */
export function AuthPage({ next, initialTab = 'login' }: { next?: string; initialTab?: AuthTab }) {
  const [tab, setTab] = React.useState<AuthTab>(initialTab);
  return <AuthTabs tab={tab} onTabChange={setTab} next={next} onSignedUp={() => setTab('login')} />;
}
