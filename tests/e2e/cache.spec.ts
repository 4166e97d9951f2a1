import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO } from './support/accounts';

/**
 * The catalogue pages are shared and cached (server/cache): what one visitor's request puts in
 * the cache must carry nothing of that visitor, and a catalogue write must reach the cached
 * pages at once, without a restart.
 */

type Row = Record<string, string>;

async function signedIn(baseURL: string, who: keyof typeof DEMO): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
  expect(response.status(), `login ${who}`).toBe(200);
  return context;
}

async function exportCatalogue(admin: APIRequestContext): Promise<Row[]> {
  const response = await admin.get('/api/admin/catalogue');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return parse(text, { columns: true, delimiter: ';', skip_empty_lines: true }) as Row[];
}

function toCsv(rows: Row[]): string {
  const columns = Object.keys(rows[0]!);
  const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(';'), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(';'))].join('\r\n') + '\r\n';
}

async function importCatalogue(admin: APIRequestContext, rows: Row[]): Promise<void> {
  const response = await admin.post('/api/admin/catalogue', { data: toCsv(rows), headers: { 'content-type': 'text/csv' } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The canonical URL of a product (the by-code URL redirects to it). */
async function productPath(context: APIRequestContext, productCode: string): Promise<string> {
  const response = await context.get(`/produtos/p/${encodeURIComponent(productCode)}`, { maxRedirects: 0 });
  expect([301, 308]).toContain(response.status());
  return new URL(response.headers()['location']!, 'http://x').pathname;
}

test('a guest never sees what a signed-in professional left in the cache', async ({ baseURL, browser }) => {
  const admin = await signedIn(baseURL!, 'admin');
  const guest = await playwrightRequest.newContext({ baseURL });
  let pro: APIRequestContext | undefined;
  try {
    const rows = await exportCatalogue(admin);
    const first = rows[0]!;
    const product = await productPath(guest, first['product_id']!);
    const listing = product.split('/').slice(0, 4).join('/');
    // Re-importing the same rows changes nothing but invalidates the catalogue: the professional's
    // requests below are the first ones to render these pages again.
    await importCatalogue(admin, rows.filter((r) => r['product_id'] === first['product_id']));
    // (Signed in now: a keep-alive connection left idle during the import may be closed.)
    pro = await signedIn(baseURL!, 'pro');

    const session = await pro.get('/api/session');
    expect(session.headers()['cache-control']).toMatch(/private/);
    expect(session.headers()['cache-control']).toMatch(/no-store/);
    const viewer = (await session.json()).data.viewer as { email: string; displayName: string; accountName: string | null; badge: { label: string } };
    expect(viewer.email).toBe(DEMO.pro.email);
    const personal = [viewer.email, viewer.displayName, viewer.accountName, viewer.badge.label].filter((s): s is string => Boolean(s && s.length > 2));
    expect(personal.length).toBeGreaterThanOrEqual(3);

    for (const path of ['/', listing, product]) {
      const mine = await pro.get(path);
      expect(mine.status()).toBe(200);
      const theirs = await guest.get(path);
      expect(theirs.status()).toBe(200);
      expect(theirs.headers()['x-nextjs-cache'], `${path} is served from the cache`).toBe('HIT');
      const html = await theirs.text();
      for (const text of personal) expect(html, `${path} must not contain «${text}»`).not.toContain(text);
      // The shared responses are public; nothing personal in them, whoever asked first.
      expect(theirs.headers()['cache-control']).toMatch(/s-maxage=\d+/);
      expect(theirs.headers()['cache-control']).not.toMatch(/private/);
    }

    // The browser of the professional still shows who is signed in: the user block is a client leaf.
    const context = await browser.newContext({ storageState: await pro.storageState() });
    const page = await context.newPage();
    await page.goto(product);
    await expect(page.getByRole('button', { name: new RegExp(viewer.displayName) }).first()).toBeVisible();
    await expect(page.getByText(viewer.badge.label, { exact: true }).first()).toBeVisible();
    await context.close();
    // And a guest's browser shows the guest state.
    const anonymous = await browser.newPage();
    await anonymous.goto(product);
    await expect(anonymous.getByRole('link', { name: 'Área Privada' }).first()).toBeVisible();
    await anonymous.close();
  } finally {
    await Promise.all([admin.dispose(), pro?.dispose(), guest.dispose()]);
  }
});

test('an import reaches the cached product page, its listing and the navigation menu at once', async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, 'admin');
  const guest = await playwrightRequest.newContext({ baseURL });
  try {
    const rows = await exportCatalogue(admin);
    const target = rows[Math.floor(rows.length / 2)]!;
    const code = target['product_id']!;
    const product = await productPath(guest, code);
    const listing = product.split('/').slice(0, 4).join('/');
    // Fill the cache.
    for (const path of ['/', listing, product]) {
      await guest.get(path);
      expect((await guest.get(path)).headers()['x-nextjs-cache']).toBe('HIT');
    }

    const stamp = Date.now().toString(36).toUpperCase();
    const newName = `Produto Renomeado ${stamp}`;
    const usedFamilies = new Set(rows.map((r) => r['family_code']));
    const chapter = target['chapter_code']!;
    let n = 990;
    while (usedFamilies.has(`${chapter}-${n}`)) n -= 1;
    const familyTitle = `Família Nova ${stamp}`;
    const changed = rows.filter((r) => r['product_id'] === code).map((r) => ({ ...r, product_name: newName }));
    const created: Row = Object.fromEntries(Object.keys(target).map((c) => [c, ''])) as Row;
    Object.assign(created, {
      chapter_code: chapter,
      family_code: `${chapter}-${n}`,
      family_title: familyTitle,
      product_id: `E2E-${stamp}`,
      product_name: `Produto Novo ${stamp}`,
      model_code: `E2E-${stamp}-1`,
      price: '12,50',
    });
    await importCatalogue(admin, [...changed, created]);

    const page = await guest.get(product);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(newName);
    // The new family's listing shows its product, the chapter's listing offers the family…
    const createdPath = await productPath(guest, `E2E-${stamp}`);
    const newListing = await guest.get(createdPath.split('/').slice(0, 4).join('/'));
    expect(newListing.status()).toBe(200);
    expect(await newListing.text()).toContain(`Produto Novo ${stamp}`);
    expect(await (await guest.get(listing.split('/').slice(0, 3).join('/'))).text()).toContain(familyTitle);
    // …and the categories menu, which every page loads from GET /api/navigation, lists it.
    const navigation = await guest.get('/api/navigation');
    expect(navigation.status()).toBe(200);
    const chapters = ((await navigation.json()) as { data: { chapters: { families: { title: string }[] }[] } }).data.chapters;
    expect(chapters.flatMap((c) => c.families.map((f) => f.title))).toContain(familyTitle);
  } finally {
    await Promise.all([admin.dispose(), guest.dispose()]);
  }
});
