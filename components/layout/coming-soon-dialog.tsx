'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CheckIcon, ClockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { COMING_SOON_PARAM, COMING_SOON_PATH } from '@/lib/flags';

interface ComingSoonContextValue {
  open: () => void;
}

const ComingSoonContext = React.createContext<ComingSoonContextValue>({
  // Outside a provider, the shop's fallback path opens the dialog of the next page.
  open: () => window.location.assign(COMING_SOON_PATH),
});

/** Opens the coming-soon dialog (spec 2.6), for controls of features that are switched off. */
export function useComingSoon(): ComingSoonContextValue {
  return React.useContext(ComingSoonContext);
}

export interface ComingSoonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Registo e Área Privada disponíveis muito em breve': what can be done meanwhile, with
 * 'Entre em Contacto' (/contacto) and 'Continuar a Navegar' (/produtos).
 */
export function ComingSoonDialog({ open, onOpenChange }: ComingSoonDialogProps) {
  const t = useTranslations('ComingSoon');
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} data-testid="coming-soon-dialog">
        <DialogHeader>
          <span
            aria-hidden
            className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100 text-amber-700 sm:mx-0"
          >
            <ClockIcon className="size-6" />
          </span>
          <DialogTitle className="text-xl leading-snug">{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <ul className="space-y-2 text-sm text-slate-700">
          {(['browse', 'cart', 'quotes'] as const).map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {t(key)}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link href="/contacto" onClick={close}>
              {t('contact')}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/produtos" onClick={close}>
              {t('continue')}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Opens the dialog when the URL carries `coming-soon=1`, then removes the parameter. */
function ComingSoonUrlWatcher({ onFound }: { onFound: () => void }) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const flagged = searchParams.get(COMING_SOON_PARAM) === '1';
  React.useEffect(() => {
    if (!flagged) return;
    onFound();
    const rest = new URLSearchParams(searchParams.toString());
    rest.delete(COMING_SOON_PARAM);
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [flagged, onFound, pathname, router, searchParams]);
  return null;
}

/**
 * Holds the one coming-soon dialog of the page. Mounted by the shop layout; controls call
 * `useComingSoon().open()`. A path change closes it.
 */
export function ComingSoonProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // Open "at" a path: navigating elsewhere closes it without an effect.
  const [openAt, setOpenAt] = React.useState<string | null>(null);
  const open = React.useCallback(() => setOpenAt(pathname), [pathname]);
  const value = React.useMemo(() => ({ open }), [open]);
  return (
    <ComingSoonContext.Provider value={value}>
      {children}
      <React.Suspense fallback={null}>
        <ComingSoonUrlWatcher onFound={open} />
      </React.Suspense>
      <ComingSoonDialog
        open={openAt !== null && openAt === pathname}
        onOpenChange={(o) => setOpenAt(o ? pathname : null)}
      />
    </ComingSoonContext.Provider>
  );
}
