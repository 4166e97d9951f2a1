'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Tabs } from 'radix-ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';
import { cn } from '@/lib/utils';
import { useAuth, type AuthTab } from './auth-provider';
import { LoginForm } from './login-form';
import { SignUpForm } from './signup-form';

/** Tabs 'Entrar' and 'Criar Conta' (spec 2.6, 4): the login modal and the /login page share them. */
export function AuthTabs({ tab, onTabChange, next, onSubmittingChange, onSignedUp }: { tab: AuthTab; onTabChange: (tab: AuthTab) => void; next?: string; onSubmittingChange?: (submitting: boolean) => void; onSignedUp?: () => void }) {
  const t = useTranslations('Auth.tabs');
  const trigger = 'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-sky-900 data-[state=active]:shadow';
  return (
    <Tabs.Root value={tab} onValueChange={(v) => onTabChange(v as AuthTab)}>
      <Tabs.List aria-label={t('label')} className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="login" className={trigger}>
          {t('login')}
        </Tabs.Trigger>
        <Tabs.Trigger value="signup" className={trigger}>
          {t('signup')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login">
        <LoginForm next={next} onSubmittingChange={onSubmittingChange} />
      </Tabs.Content>
      <Tabs.Content value="signup">
        <SignUpForm onDone={onSignedUp} onSubmittingChange={onSubmittingChange} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The login and sign-up modal; it cannot be closed while a form is being sent. */
export function LoginDialog() {
  const t = useTranslations('Auth.dialog');
  const { dialog, setDialog, loginOpener } = useAuth();
  const [submitting, setSubmitting] = React.useState(false);
  const onSubmittingChange = React.useCallback((s: boolean) => setSubmitting(s), []);
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={(open) => {
        if (!open && submitting) return;
        setDialog({ ...dialog, open });
      }}
    >
      <DialogContent
        className={cn('max-h-[92vh] overflow-y-auto sm:max-w-lg')}
        data-testid="login-dialog"
        onCloseAutoFocus={(event) => restoreFocus(event, loginOpener())}
      >
        <DialogHeader>
          <DialogTitle className="text-xl">{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <AuthTabs
          tab={dialog.tab}
          onTabChange={(tab) => setDialog({ open: true, tab })}
          onSubmittingChange={onSubmittingChange}
          onSignedUp={() => setDialog({ open: false, tab: 'login' })}
        />
      </DialogContent>
    </Dialog>
  );
}
