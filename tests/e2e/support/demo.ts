import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from './accounts';

/** A model as `GET /api/products/{code}/models` answers it (the fields the journeys use). */
export interface UnitModel {
  id: number;
  code: string;
  sales_increment: number;
}

/** Signs the page's request context in as a demo customer (session cookie for the browser too). */
export async function signIn(page: Page, baseURL: string, who: 'pro' | 'particular') {
  const response = await page.request.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
  expect(response.status(), `login ${who}`).toBe(200);
}

/** `wanted` models sold by the unit, from the demo's chapter 40 (where the professional has discounts). */
export async function unitModels(request: APIRequestContext, wanted: number): Promise<UnitModel[]> {
  const listing = await (await request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  const out: UnitModel[] = [];
  for (const product of listing.data as { product_code: string }[]) {
    const answer = await request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    for (const m of (await answer.json()).data as UnitModel[]) if (m.sales_increment <= 1) out.push(m);
    if (out.length >= wanted) break;
  }
  expect(out.length).toBeGreaterThanOrEqual(wanted);
  return out.slice(0, wanted);
}
