'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useAuth } from '@/components/auth/auth-provider';
import { toast } from '@/components/ui/toast';
import { isOffline, tellOffline } from '@/lib/pwa/offline-notice';
import { cartApi, type ApiResult } from '@/lib/cart/client-api';
import { cartSummary, roundCents, type CartSummary } from '@/lib/cart/summary';
import type { AddItemBody, CartItem, QuickOrderResult } from '@/lib/cart/types';

/**
 * The cart of spec 4 ("Cart lifecycle"), mounted once in the shop shell beside the AuthProvider.
 * A guest's cart id lives in local storage (with its timestamp; logout clears both, see
 * components/auth/logout.ts); a gone cart (404) is forgotten and a new guest cart is made. A
 * signed-in customer's cart comes from `POST /api/cart`, which merges the local guest cart
 * into it ('Carrinho Sincronizado'). Logout or a change of user resets the state. The lines
 * carry the server's prices (null for a guest): nothing here prices anything.
 */
export const CART_ID_KEY = 'cart-id';
export const CART_TIMESTAMP_KEY = 'cart-timestamp';
/** Spec 4: an add waits up to about 1 s for a loading cart, 0.5 s after forcing initialisation. */
const ADD_WAIT_MS = 1_000;

export type CartOutcome = { ok: true } | { ok: false; message: string };
/** `refused`: the server refused the line (400) and `message` is its own Portuguese answer (e.g. the line maximum). */
export type AddOutcome = { ok: true; quantity: number } | { ok: false; message: string; refused?: boolean };

export interface CartContextValue {
  cartId: string | null;
  items: CartItem[];
  summary: CartSummary;
  /** True until the first load of the cart of the current user has ended. */
  loading: boolean;
  signedIn: boolean;
  addItem: (body: AddItemBody) => Promise<AddOutcome>;
  /** A quantity below 1 removes the line (ask for confirmation before calling with it). */
  updateQuantity: (itemId: string, quantity: number) => Promise<CartOutcome>;
  removeItem: (itemId: string) => Promise<CartOutcome>;
  clearCart: () => Promise<CartOutcome>;
  /** Loads the lines again; a customer's cart that became an order is replaced by their new one. */
  refresh: () => Promise<void>;
  quickOrder: (input: { text: string } | { file: File }) => Promise<ApiResult<QuickOrderResult>>;
}

const CartContext = React.createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = React.useContext(CartContext);
  if (!value) throw new Error('useCart deve ser usado dentro de <CartProvider>.');
  return value;
}

/** The cart when a provider is mounted, else null (leaves that also render outside the shop). */
export function useOptionalCart(): CartContextValue | null {
  return React.useContext(CartContext);
}

function storedGuestId(): string | null {
  try {
    return window.localStorage.getItem(CART_ID_KEY);
  } catch {
    return null;
  }
}

function storeGuestId(id: string | null) {
  try {
    if (id) {
      window.localStorage.setItem(CART_ID_KEY, id);
      window.localStorage.setItem(CART_TIMESTAMP_KEY, String(Date.now()));
    } else {
      window.localStorage.removeItem(CART_ID_KEY);
      window.localStorage.removeItem(CART_TIMESTAMP_KEY);
    }
  } catch {
    // Storage off: the cart lives for this page only.
  }
}

interface State {
  cartId: string | null;
  items: CartItem[];
  loading: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function CartProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations('Cart.toast');
  const { viewer, loading: authLoading } = useAuth();
  // The settled user: undefined while the session is not known yet.
  const viewerId = authLoading ? undefined : (viewer?.id ?? null);
  const [state, setState] = React.useState<State>({ cartId: null, items: [], loading: true });
  const cartIdRef = React.useRef<string | null>(null);
  const userRef = React.useRef<string | null | undefined>(undefined);
  const generation = React.useRef(0);
  const initRef = React.useRef<Promise<void> | null>(null);
  const tRef = React.useRef(t);
  React.useEffect(() => {
    tRef.current = t;
  }, [t]);
  // A request that never reached the server: "offline" said as such when the device knows it.
  const offlineOr = (message: string) => (isOffline() ? tRef.current('offline') : message);
  // Offline, the banner says it (always on the page); a toast's code may never have been loaded.
  const tellFailure = (message: string) => {
    if (isOffline()) tellOffline(message);
    else toast.error(tRef.current('errorTitle'), { description: message });
  };

  const setCart = React.useCallback((cartId: string | null, items: CartItem[] | null, gen: number) => {
    if (gen !== generation.current) return;
    cartIdRef.current = cartId;
    setState((s) => ({ cartId, items: items ?? s.items, loading: false }));
  }, []);

  const cartError = (message?: string) =>
    toast.error(tRef.current('cartErrorTitle'), { description: message || tRef.current('initFailed') });

  /** A new guest cart, remembered locally; null (with a toast) when it cannot be made. */
  const createGuestCart = React.useCallback(async (gen: number): Promise<string | null> => {
    const res = await cartApi.guestCart();
    if (!res.ok || !res.data?.cart_id) {
      toast.error(tRef.current('errorTitle'), {
        description: res.status === 0 ? tRef.current('guestCreateError') : res.message || tRef.current('guestCreateFailed'),
      });
      return null;
    }
    if (gen === generation.current) storeGuestId(res.data.cart_id);
    return res.data.cart_id;
  }, []);

  /** Loads the lines of `cartId`; 'gone' when the cart no longer exists. */
  const loadItems = React.useCallback(
    async (cartId: string, gen: number): Promise<'ok' | 'gone' | 'failed'> => {
      const res = await cartApi.items(cartId);
      // 404: gone (or merged); 400: an id that was never a cart id (a damaged local key).
      if (res.status === 404 || res.status === 400) return 'gone';
      if (!res.ok || !Array.isArray(res.data)) return 'failed';
      setCart(cartId, res.data, gen);
      return 'ok';
    },
    [setCart],
  );

  const initialise = React.useCallback(
    async (user: string | null, gen: number): Promise<void> => {
      if (user === null) {
        const guestId = storedGuestId();
        if (!guestId) return setCart(null, [], gen);
        const loaded = await loadItems(guestId, gen);
        if (loaded === 'ok') return;
        if (loaded === 'failed') {
          cartError();
          return setCart(guestId, [], gen);
        }
        // Spec 4: a gone guest cart is forgotten and a new one is made.
        storeGuestId(null);
        const created = await createGuestCart(gen);
        return setCart(created, [], gen);
      }
      const guestId = storedGuestId();
      const res = await cartApi.userCart(guestId);
      if (!res.ok || !res.data?.cart_id) {
        cartError(res.message);
        return setCart(null, [], gen);
      }
      const cartId = res.data.cart_id;
      let merged = Boolean(res.data.merged);
      // Lines whose merged quantity the pack rules changed: the server's message names them.
      let adjusted = merged && (res.data.adjusted?.length ?? 0) > 0 ? res.message : undefined;
      if (guestId && !merged && guestId !== cartId) {
        // The guest cart still answering means it was not merged on the way: merge it now.
        const exists = await cartApi.exists(guestId);
        if (exists.ok) {
          const m = await cartApi.merge(guestId, cartId);
          if (m.ok) {
            merged = true;
            if ((m.data?.adjusted?.length ?? 0) > 0) adjusted = m.message;
          } else toast.error(tRef.current('syncErrorTitle'), { description: m.message || tRef.current('syncFailed') });
        }
      }
      if (gen !== generation.current) return;
      if (guestId && (merged || guestId !== cartId)) storeGuestId(null);
      if (merged && adjusted !== undefined) toast.warning(tRef.current('syncAdjustedTitle'), { description: adjusted || tRef.current('syncedDescription') });
      else if (merged) toast.success(tRef.current('syncedTitle'), { description: tRef.current('syncedDescription') });
      const loaded = await loadItems(cartId, gen);
      if (loaded !== 'ok') {
        if (loaded === 'failed') cartError();
        setCart(cartId, [], gen);
      }
    },
    [createGuestCart, loadItems, setCart],
  );

  React.useEffect(() => {
    if (viewerId === undefined || userRef.current === viewerId) return;
    // Logout or another user: forget the previous cart before loading the new one.
    userRef.current = viewerId;
    const gen = ++generation.current;
    cartIdRef.current = null;
    setState({ cartId: null, items: [], loading: true });
    const run = initialise(viewerId, gen).catch(() => {
      cartError();
      setCart(null, [], gen);
    });
    initRef.current = run;
  }, [viewerId, initialise, setCart]);

  /** The cart to write into: waits for a loading cart, makes a guest cart when there is none. */
  const ensureCart = React.useCallback(async (): Promise<string | null> => {
    if (userRef.current === undefined) {
      // The session is not known yet: give it a moment (spec 4: about 1 s).
      for (let waited = 0; userRef.current === undefined && waited < ADD_WAIT_MS; waited += 100) await sleep(100);
    }
    if (initRef.current) await Promise.race([initRef.current, sleep(ADD_WAIT_MS)]);
    if (cartIdRef.current) return cartIdRef.current;
    const gen = generation.current;
    if (userRef.current === null || userRef.current === undefined) {
      const created = await createGuestCart(gen);
      if (created && gen === generation.current) cartIdRef.current = created;
      if (created) setState((s) => ({ ...s, cartId: created }));
      return created;
    }
    // Signed in without a cart: initialise again, then give it half a second.
    const run = initialise(userRef.current, gen);
    initRef.current = run;
    await Promise.race([run, sleep(ADD_WAIT_MS / 2)]);
    return cartIdRef.current;
  }, [createGuestCart, initialise]);

  const reload = React.useCallback(
    async (cartId: string) => {
      const gen = generation.current;
      const loaded = await loadItems(cartId, gen);
      if (loaded === 'failed') toast.error(tRef.current('errorTitle'), { description: tRef.current('refreshFailed') });
      return loaded;
    },
    [loadItems],
  );

  const addItem = React.useCallback(
    async (body: AddItemBody): Promise<AddOutcome> => {
      try {
        let cartId = await ensureCart();
        if (!cartId) {
          const message = offlineOr(tRef.current('unavailable'));
          tellFailure(message);
          return { ok: false, message };
        }
        let res = await cartApi.addItem(cartId, { selected_package_type: 'Unidade', items_per_package: 1, ...body });
        if (res.status === 404) {
          // The cart went away meanwhile: start again once.
          const gen = ++generation.current;
          cartIdRef.current = null;
          if (userRef.current === null) storeGuestId(null);
          await initialise(userRef.current ?? null, gen);
          cartId = await ensureCart();
          if (cartId) res = await cartApi.addItem(cartId, { selected_package_type: 'Unidade', items_per_package: 1, ...body });
        }
        if (!res.ok || !res.data || !cartId) {
          const message =
            res.status === 0 ? offlineOr(tRef.current('addException')) : res.status === 400 && res.message ? res.message : tRef.current('addFailed');
          tellFailure(message);
          return { ok: false, message, refused: res.status === 400 && Boolean(res.message) };
        }
        await reload(cartId);
        return { ok: true, quantity: res.data.quantity_of_packages };
      } catch {
        const message = offlineOr(tRef.current('addException'));
        tellFailure(message);
        return { ok: false, message };
      }
    },
    [ensureCart, initialise, reload],
  );

  const removeItem = React.useCallback(
    async (itemId: string): Promise<CartOutcome> => {
      try {
        const res = await cartApi.removeItem(itemId);
        if (!res.ok && res.status !== 404) {
          const message = res.status === 0 ? offlineOr(tRef.current('removeException')) : tRef.current('removeFailed');
          tellFailure(message);
          return { ok: false, message };
        }
        setState((s) => ({ ...s, items: s.items.filter((i) => i.id !== itemId) }));
        if (cartIdRef.current) await reload(cartIdRef.current);
        return { ok: true };
      } catch {
        const message = offlineOr(tRef.current('removeException'));
        tellFailure(message);
        return { ok: false, message };
      }
    },
    [reload],
  );

  const updateQuantity = React.useCallback(
    async (itemId: string, quantity: number): Promise<CartOutcome> => {
      // Spec 4: a quantity below 1 removes the line.
      if (!Number.isFinite(quantity) || quantity < 1) return removeItem(itemId);
      const res = await cartApi.updateItem(itemId, Math.floor(quantity));
      if (!res.ok) {
        const message = res.status === 0 ? offlineOr(tRef.current('updateFailed')) : res.status === 400 && res.message ? res.message : tRef.current('updateFailed');
        tellFailure(message);
        return { ok: false, message };
      }
      // The line total again, locally, until the server's re-priced lines arrive.
      setState((s) => ({
        ...s,
        items: s.items.map((i) =>
          i.id !== itemId
            ? i
            : {
                ...i,
                quantity_of_packages: Math.floor(quantity),
                total_price:
                  i.unit_price_at_purchase === null ? null : roundCents(i.unit_price_at_purchase * Math.floor(quantity) * i.items_per_package),
              },
        ),
      }));
      if (cartIdRef.current) await reload(cartIdRef.current);
      return { ok: true };
    },
    [reload, removeItem],
  );

  const clearCart = React.useCallback(async (): Promise<CartOutcome> => {
    const cartId = cartIdRef.current;
    if (!cartId) return { ok: true };
    const res = await cartApi.empty(cartId);
    if (!res.ok) {
      const message = tRef.current('clearFailed');
      toast.error(tRef.current('errorTitle'), { description: message });
      return { ok: false, message };
    }
    setState((s) => ({ ...s, items: [] }));
    await reload(cartId);
    return { ok: true };
  }, [reload]);

  const refresh = React.useCallback(async () => {
    const cartId = cartIdRef.current;
    const loaded = cartId ? await reload(cartId) : 'gone';
    // A customer's cart that became an order (checkout) answers 404: their next cart is a new
    // one, found by initialising again (it also picks up lines a reorder put there).
    if (loaded === 'gone' && userRef.current) {
      const gen = ++generation.current;
      cartIdRef.current = null;
      const run = initialise(userRef.current, gen).catch(() => setCart(null, [], gen));
      initRef.current = run;
      await run;
    }
  }, [reload, initialise, setCart]);

  const quickOrder = React.useCallback(
    async (input: { text: string } | { file: File }): Promise<ApiResult<QuickOrderResult>> => {
      const cartId = await ensureCart();
      if (!cartId) return { ok: false, status: 0, message: tRef.current('unavailable') };
      const res = 'text' in input ? await cartApi.quickOrderText(cartId, input.text) : await cartApi.quickOrderFile(cartId, input.file);
      if (res.ok) await reload(cartId);
      return res;
    },
    [ensureCart, reload],
  );

  const summary = React.useMemo(() => cartSummary(state.items), [state.items]);
  const value = React.useMemo<CartContextValue>(
    () => ({
      cartId: state.cartId,
      items: state.items,
      summary,
      loading: state.loading,
      signedIn: viewerId !== undefined && viewerId !== null,
      addItem,
      updateQuantity,
      removeItem,
      clearCart,
      refresh,
      quickOrder,
    }),
    [state, summary, viewerId, addItem, updateQuantity, removeItem, clearCart, refresh, quickOrder],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
