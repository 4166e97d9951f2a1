'use client';

import * as React from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { focusedElement } from '@/components/ui/focus-return';
import { COMING_SOON_PARAM, COMING_SOON_PATH } from '@/lib/flags';

// The dialog (Radix Dialog, its texts and links) loads the first time it opens. React.lazy, not
// next/dynamic: Next preloads next/dynamic chunks with the page.
const ComingSoonDialog = React.lazy(() =>
  import('./coming-soon-dialog-content').then((m) => ({ default: m.ComingSoonDialog })),
);

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
 * Holds the one coming-soon dialog of the page (spec 2.6: 'Registo e Área Privada disponíveis
 * muito em breve'). Mounted by the shop layout; controls call `useComingSoon().open()`. A path
 * change closes it; closing gives focus back to the control that opened it.
 */
export function ComingSoonProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // Open "at" a path: navigating elsewhere closes it without an effect.
  const [openAt, setOpenAt] = React.useState<string | null>(null);
  const opener = React.useRef<HTMLElement | null>(null);
  const open = React.useCallback(() => {
    opener.current = focusedElement();
    setOpenAt(pathname);
  }, [pathname]);
  const value = React.useMemo(() => ({ open }), [open]);
  const isOpen = openAt !== null && openAt === pathname;
  const [needed, setNeeded] = React.useState(false);
  if (isOpen && !needed) setNeeded(true);
  return (
    <ComingSoonContext.Provider value={value}>
      {children}
      <React.Suspense fallback={null}>
        <ComingSoonUrlWatcher onFound={open} />
      </React.Suspense>
      {needed && (
        <React.Suspense fallback={null}>
          <ComingSoonDialog
            open={isOpen}
            onOpenChange={(o) => setOpenAt(o ? pathname : null)}
            returnFocus={() => opener.current}
          />
        </React.Suspense>
      )}
    </ComingSoonContext.Provider>
  );
}
