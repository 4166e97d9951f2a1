'use client';

import * as React from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { FAVOURITES_API, favouriteApiPath, type FavouriteCodesJson } from '@/lib/favourites/types';
import { FEATURE_FLAGS, type FeatureFlags } from '@/lib/flags';

/**
 * The one client store of the page's favourites: every heart of the page reads it, so
 * the page asks `GET /api/favourites` once (on the first heart that mounts for a signed-in
 * customer, not once per card, and not at all on pages without hearts). The cached HTML holds
 * nothing personal: the server renders every heart empty, and the store fills them after load.
 * Toggles are optimistic: the heart changes at once, and goes back if the call fails.
 */

export type FavouritesStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The result of a toggle: `ok`; `failed` (the heart went back); `ignored` (a call for it was under way, or no viewer). */
export type ToggleOutcome = 'ok' | 'failed' | 'ignored';

export interface FavouritesStore {
  /** The host's feature flags (from the shop layout's `[site]`). */
  flags: FeatureFlags;
  status: FavouritesStatus;
  /**
   * Whether a product is a favourite: known once the list has loaded or the page changed it;
   * undefined before (a page that knows it from the server shows its own value meanwhile).
   */
  state: (productCode: string) => boolean | undefined;
  /** Whether a call for this product is under way. */
  busy: (productCode: string) => boolean;
  /** Sets a product's favourite state: optimistic, rolled back when the call fails. */
  set: (productCode: string, favourite: boolean) => Promise<ToggleOutcome>;
  /** Asks the store to load the viewer's favourites (once per page load and viewer). */
  want: () => void;
}

const FLAGS_OFF = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;

/** Outside a provider (tests, a page without the shop frame): nothing is known, every feature off. */
const NO_STORE: FavouritesStore = {
  flags: FLAGS_OFF,
  status: 'idle',
  state: () => undefined,
  busy: () => false,
  set: async () => 'ignored',
  want: () => {},
};

const FavouritesContext = React.createContext<FavouritesStore>(NO_STORE);

export function useFavourites(): FavouritesStore {
  return React.useContext(FavouritesContext);
}

/** True when this viewer may keep favourites on this host (admins pass the flags, spec 4). */
export function favouritesAllowed(flags: FeatureFlags, viewer: { isAdmin: boolean } | null): boolean {
  if (!viewer) return false;
  return viewer.isAdmin || (flags.ENABLE_FAVORITES && flags.ENABLE_DASHBOARD);
}

interface Loaded {
  owner: string;
  status: FavouritesStatus;
  codes: ReadonlySet<string>;
  /**
   * Products this page changed (their state in `codes` is the last one asked for, or restored
   * after a failure): it wins over a list that arrives later, which the server may have read
   * before the change.
   */
  touched: ReadonlySet<string>;
}

const EMPTY: Omit<Loaded, 'owner'> = { status: 'idle', codes: new Set(), touched: new Set() };

async function readCodes(): Promise<string[]> {
  const res = await fetch(FAVOURITES_API, { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${FAVOURITES_API}: ${res.status}`);
  const body = (await res.json()) as { data?: FavouriteCodesJson };
  return body.data?.product_codes ?? [];
}

async function writeFavourite(productCode: string, favourite: boolean): Promise<boolean> {
  const res = favourite
    ? await fetch(FAVOURITES_API, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ product_code: productCode }),
      })
    : await fetch(favouriteApiPath(productCode), { method: 'DELETE', credentials: 'same-origin', headers: { accept: 'application/json' } });
  return res.ok;
}

/** Mounted once by the shop layout, inside the AuthProvider. */
export function FavouritesProvider({ flags, children }: { flags: FeatureFlags; children: React.ReactNode }) {
  const { viewer } = useAuth();
  const owner = favouritesAllowed(flags, viewer) && viewer ? viewer.id : null;
  const [wanted, setWanted] = React.useState(false);
  const [loaded, setLoaded] = React.useState<Loaded | null>(null);
  // Calls under way: one at a time per product.
  const [busyCodes, setBusyCodes] = React.useState<ReadonlySet<string>>(new Set());
  const inFlight = React.useRef(new Set<string>());
  const requested = React.useRef<string | null>(null);

  // A list or a change made for a viewer who is no longer the page's is ignored.
  const current = loaded && loaded.owner === owner ? loaded : null;

  React.useEffect(() => {
    if (!wanted || !owner || requested.current === owner) return;
    requested.current = owner;
    const settle = (status: FavouritesStatus, fetched: Iterable<string> | null) =>
      setLoaded((prev) => {
        const base = prev && prev.owner === owner ? prev : { owner, ...EMPTY };
        const codes = new Set(fetched ?? base.codes);
        for (const code of base.touched) {
          if (base.codes.has(code)) codes.add(code);
          else codes.delete(code);
        }
        return { ...base, status, codes };
      });
    settle('loading', null);
    readCodes().then(
      (codes) => settle('ready', codes),
      () => settle('error', null),
    );
  }, [wanted, owner]);

  const setCode = React.useCallback(
    (code: string, favourite: boolean) => {
      if (!owner) return;
      setLoaded((prev) => {
        const base = prev && prev.owner === owner ? prev : { owner, ...EMPTY };
        const codes = new Set(base.codes);
        if (favourite) codes.add(code);
        else codes.delete(code);
        return { ...base, codes, touched: new Set(base.touched).add(code) };
      });
    },
    [owner],
  );

  const markBusy = React.useCallback((code: string, busy: boolean) => {
    setBusyCodes((prev) => {
      const next = new Set(prev);
      if (busy) next.add(code);
      else next.delete(code);
      return next;
    });
  }, []);

  const set = React.useCallback(
    async (code: string, favourite: boolean): Promise<ToggleOutcome> => {
      if (!owner || inFlight.current.has(code)) return 'ignored';
      inFlight.current.add(code);
      markBusy(code, true);
      setCode(code, favourite);
      let ok = false;
      try {
        ok = await writeFavourite(code, favourite);
      } catch {
        ok = false;
      }
      inFlight.current.delete(code);
      markBusy(code, false);
      if (!ok) setCode(code, !favourite);
      return ok ? 'ok' : 'failed';
    },
    [owner, markBusy, setCode],
  );

  const want = React.useCallback(() => setWanted(true), []);

  const value = React.useMemo<FavouritesStore>(
    () => ({
      flags,
      status: current?.status ?? 'idle',
      state: (code) => (current && (current.status === 'ready' || current.touched.has(code)) ? current.codes.has(code) : undefined),
      busy: (code) => busyCodes.has(code),
      set,
      want,
    }),
    [flags, current, busyCodes, set, want],
  );
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}
