import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 10's price-leak test: a professional with discounts, a private customer and a guest
 * interleave 1,000 requests to every page and route handler that can show prices (catalogue
 * pages, the pricing call, the cart calls, including attempts on each other's carts). No answer
 * to one holds another's prices; every answer with prices is `private, no-store`; the cached
 * catalogue HTML holds no price at all.
 */

interface PriceEntry {
  basePrice: number;
  userPrice: number;
  priceWithTax: number;
  taxRate: number;
  discountPercentage: number;
}

type Who = 'pro' | 'particular' | 'guest';

async function context(baseURL: string, who: Who): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  if (who !== 'guest') {
    const response = await ctx.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
    expect(response.status(), `login ${who}`).toBe(200);
  }
  return ctx;
}

/** A tiny deterministic generator: the same interleaving on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const euro = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('1,000 interleaved requests: no customer sees another customer’s prices, guests and cached pages see none', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const ctx: Record<Who, APIRequestContext> = {
    pro: await context(baseURL!, 'pro'),
    particular: await context(baseURL!, 'particular'),
    guest: await context(baseURL!, 'guest'),
  };
  try {
    // Products of a chapter whose brands carry the demo professional's discounts (groups A–C).
    const listing = await (await ctx.guest.get('/api/products/by-chapter?chapter=40&limit=50')).json();
    const products: { product_code: string; url: string }[] = listing.data;
    expect(products.length).toBeGreaterThan(5);
    const models: { id: number; code: string; sales_increment: number }[] = [];
    for (const p of products.slice(0, 25)) {
      const answer = await ctx.guest.get(`/api/products/${encodeURIComponent(p.product_code)}/models`);
      expect(answer.status()).toBe(200);
      models.push(...(await answer.json()).data);
    }
    const codes = models.map((m) => m.code).slice(0, 120);
    const priceMap = async (who: 'pro' | 'particular') => {
      const answer = await ctx[who].get(`/api/user/product-pricing?product_ids=${encodeURIComponent(codes.join(','))}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()).data.prices as Record<string, PriceEntry>;
    };
    const expected = { pro: await priceMap('pro'), particular: await priceMap('particular') };
    // The professional's own prices: the models where the discount makes them differ.
    const discounted = codes.filter((c) => expected.pro[c]!.discountPercentage > 0);
    expect(discounted.length, 'the demo professional has discounted models in this chapter').toBeGreaterThan(3);
    for (const c of discounted) expect(expected.pro[c]!.userPrice).toBeLessThan(expected.particular[c]!.userPrice);

    // Each customer's cart with two discounted models (whole packs where a model is sold in tens).
    const carts: Record<Who, string> = { pro: '', particular: '', guest: '' };
    const items: Record<Who, string[]> = { pro: [], particular: [], guest: [] };
    for (const who of ['pro', 'particular', 'guest'] as const) {
      const created = await ctx[who].post('/api/cart', { data: who === 'guest' ? { guestMode: true } : {} });
      carts[who] = (await created.json()).data.cart_id;
      // A signed-in customer's cart is theirs across specs: start it empty, so every line read below is one of these.
      if (who !== 'guest') expect((await ctx[who].delete(`/api/cart/${carts[who]}/empty`)).status()).toBeLessThan(300);
      for (const code of discounted.slice(0, 2)) {
        const m = models.find((x) => x.code === code)!;
        const added = await ctx[who].post(`/api/cart/${carts[who]}/items`, { data: { product_id: m.id, quantity_of_packages: m.sales_increment, unit_price: 0.01 } });
        expect(added.status(), await added.text()).toBe(201);
        items[who].push((await added.json()).data.item_id);
      }
    }

    // What would betray a price: the JSON numbers and the pt-PT texts of each customer's prices.
    const marks = (who: 'pro' | 'particular') =>
      discounted.flatMap((c) => {
        const e = expected[who][c]!;
        const own = [e.userPrice, e.priceWithTax];
        return own.flatMap((v) => [`"userPrice":${v}`, `"priceWithTax":${v}`, `"unit_price_at_purchase":${v}`, euro.format(v)]);
      });
    const onlyPro = marks('pro').filter((m) => !marks('particular').includes(m));
    const onlyParticular = marks('particular').filter((m) => !marks('pro').includes(m));

    const pages = ['/', '/produtos/conducao-de-aguas-sanitarias', new URL(products[0]!.url, 'http://x').pathname, new URL(products[1]!.url, 'http://x').pathname];
    type Step = { who: Who; kind: string; run: () => Promise<APIResponse> };
    const steps: Step[] = [];
    for (const who of ['pro', 'particular', 'guest'] as const) {
      const c = ctx[who];
      for (const page of pages) steps.push({ who, kind: 'page', run: () => c.get(page) });
      steps.push({ who, kind: 'pricing', run: () => c.get(`/api/user/product-pricing?product_ids=${encodeURIComponent(discounted.slice(0, 20).join(','))}`) });
      steps.push({ who, kind: 'cart', run: () => c.get(`/api/cart/${carts[who]}/items`) });
      // Someone else's cart and line, by id.
      for (const owner of ['pro', 'particular'] as const) {
        if (owner === who) continue;
        steps.push({ who, kind: 'foreign-cart', run: () => c.get(`/api/cart/${carts[owner]}/items`) });
        steps.push({ who, kind: 'foreign-item', run: () => c.put(`/api/cart/items/${items[owner][0]}`, { data: { quantity_of_packages: 99 } }) });
      }
      steps.push({ who, kind: 'models', run: () => c.get(`/api/products/${encodeURIComponent(products[2]!.product_code)}/models`) });
    }

    const next = random(20261125);
    const total = Number(process.env.LEAK_REQUESTS ?? 1000);
    let priced = 0;
    for (let i = 0; i < total; i++) {
      const step = steps[Math.floor(next() * steps.length)]!;
      const response = await step.run();
      const body = await response.text();
      const where = `#${i} ${step.who} ${step.kind} ${response.url()}`;
      expect(response.status(), where).toBeLessThan(500);
      if (step.kind === 'page') {
        // Catalogue HTML: no price of anyone, in any form (JSON fields or pt-PT amounts).
        expect(body, where).not.toMatch(/"(userPrice|priceWithTax|basePrice|unit_price_at_purchase)"|\d,\d\d\s?€/);
        expect(response.headers()['cache-control'] ?? '', where).not.toContain('private');
      } else {
        // Plain checks (an expect() per mark would be thousands of recorded steps per request).
        const foreign = [...(step.who !== 'pro' ? onlyPro : []), ...(step.who !== 'particular' ? onlyParticular : [])];
        const leaked = foreign.filter((m) => body.includes(m));
        expect(leaked, `${where} holds another customer's prices`).toEqual([]);
      }
      if (step.kind === 'foreign-cart' || step.kind === 'foreign-item') expect(response.status(), where).toBe(404);
      if (step.who === 'guest' && step.kind === 'pricing') expect(response.status(), where).toBe(401);
      if (step.kind === 'pricing' || step.kind === 'cart' || step.kind.startsWith('foreign')) {
        expect(response.headers()['cache-control'], where).toBe('private, no-store');
      }
      if (step.kind === 'pricing' && step.who !== 'guest') {
        priced++;
        const prices = JSON.parse(body).data.prices as Record<string, PriceEntry>;
        for (const [code, entry] of Object.entries(prices)) expect(entry, `${where} ${code}`).toEqual(expected[step.who][code]);
      }
      if (step.kind === 'cart') {
        const lines = JSON.parse(body).data as { unit_price_at_purchase: number | null; product: { code: string } }[];
        for (const line of lines) {
          const own = step.who === 'guest' ? null : expected[step.who][line.product.code]!.userPrice;
          expect(line.unit_price_at_purchase, where).toBe(own);
        }
      }
    }
    expect(priced).toBeGreaterThan(total / 50);
    // The lines the others tried to change are as their owners left them.
    for (const owner of ['pro', 'particular'] as const) {
      const lines = (await (await ctx[owner].get(`/api/cart/${carts[owner]}/items`)).json()).data as { quantity_of_packages: number }[];
      expect(lines.every((l) => l.quantity_of_packages !== 99)).toBe(true);
    }
  } finally {
    for (const c of Object.values(ctx)) await c.dispose();
  }
});
