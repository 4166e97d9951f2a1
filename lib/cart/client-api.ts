/**
 * The browser's side of the cart, models and pricing calls of spec 7 (same-origin fetch with the
 * session cookie). Every function answers `{ ok, status, data?, message?, code? }` and never
 * throws for an HTTP error; a network failure is `{ ok: false, status: 0 }`.
 */
import type { ApiBody } from '@/lib/api/types';
import type { AddItemBody, AddItemResult, CartItem, CartRef, ModelRow, QuickOrderResult } from './types';
import type { ProductPricingData } from '@/lib/pricing/types';

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data?: T;
  /** The server's Portuguese message on failure. */
  message?: string;
  code?: string;
  details?: Record<string, string[]>;
}

export async function call<T>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { accept: 'application/json' },
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    return { ok: false, status: 0 };
  }
  if (method === 'HEAD') return { ok: res.ok, status: res.status };
  let json: ApiBody<T> | null = null;
  try {
    json = (await res.json()) as ApiBody<T>;
  } catch {
    json = null;
  }
  if (res.ok && json && json.success) return { ok: true, status: res.status, data: json.data, message: json.message };
  const error = json && !json.success ? json : null;
  return {
    ok: false,
    status: res.status,
    message: error?.message || error?.error?.message,
    code: error?.error?.code,
    details: error?.error?.details,
  };
}

const enc = encodeURIComponent;

export const cartApi = {
  /** A guest's cart (a new one when `guestCartId` is unknown or merged). */
  guestCart: (guestCartId?: string | null) =>
    call<CartRef>('POST', '/api/cart', guestCartId ? { guestMode: true, guestCartId } : { guestMode: true }),
  /** The signed-in customer's cart; a guest cart named by `guestCartId` is merged into it. */
  userCart: (guestCartId?: string | null) => call<CartRef>('POST', '/api/cart', guestCartId ? { guestCartId } : {}),
  exists: (cartId: string) => call<never>('HEAD', `/api/cart/${enc(cartId)}`),
  items: (cartId: string) => call<CartItem[]>('GET', `/api/cart/${enc(cartId)}/items`),
  addItem: (cartId: string, body: AddItemBody) => call<AddItemResult>('POST', `/api/cart/${enc(cartId)}/items`, body),
  updateItem: (itemId: string, quantity: number) =>
    call<unknown>('PUT', `/api/cart/items/${enc(itemId)}`, { quantity_of_packages: quantity }),
  removeItem: (itemId: string) => call<unknown>('DELETE', `/api/cart/items/${enc(itemId)}`),
  empty: (cartId: string) => call<unknown>('DELETE', `/api/cart/${enc(cartId)}/empty`),
  merge: (guestCartId: string, userCartId: string) =>
    call<CartRef>('POST', '/api/cart/merge', { guest_cart_id: guestCartId, user_cart_id: userCartId }),
  quickOrderText: (cartId: string, text: string) =>
    call<QuickOrderResult>('POST', `/api/cart/${enc(cartId)}/quick-order`, { text }),
  quickOrderFile: (cartId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<QuickOrderResult>('POST', `/api/cart/${enc(cartId)}/quick-order`, form);
  },
};

export const catalogueApi = {
  models: (productCode: string) => call<ModelRow[]>('GET', `/api/products/${enc(productCode)}/models`),
  /** The models of up to 60 products in one call (product code → rows; unknown ones absent). */
  modelsOf: (productCodes: readonly string[]) =>
    call<Record<string, ModelRow[]>>('GET', `/api/products/models?product_codes=${productCodes.map(enc).join(',')}`),
  pricing: (codes: readonly string[]) =>
    call<ProductPricingData>('GET', `/api/user/product-pricing?product_ids=${codes.map(enc).join(',')}`),
};
