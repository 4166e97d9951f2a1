/** @jest-environment node */
import {
  ALL_FLAGS_ON,
  flagsForRequest,
  intersectFlags,
  isRouteDisabled,
  parseFlagsHeader,
  requestHosts,
  requiredFlagsForPath,
  type FeatureFlags,
} from '@/lib/flags';

const mockHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => ({ get: (name: string) => mockHeaders.get(name.toLowerCase()) ?? null }),
}));
jest.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
}));

const PRODUCTION = ['loja.example.pt', '127.0.0.1'];
/** The e2e set-up: 127.0.0.1 plays production, localhost is the SITE_URL host. */
const CONFIG = { production: PRODUCTION, fullFeature: ['localhost'] };
const OFF: FeatureFlags = {
  ENABLE_USER_REGISTRATION: false,
  ENABLE_DASHBOARD: false,
  ENABLE_CHECKOUT: false,
  ENABLE_FAVORITES: false,
  ENABLE_USER_PROFILES: false,
};
const headersOf = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });

describe('flags of a request (spec 1 and 6)', () => {
  it('reads Host and every X-Forwarded-Host entry', () => {
    expect(
      requestHosts(headersOf({ host: 'Localhost:3100', 'x-forwarded-host': 'a.pt, B.pt:443' })),
    ).toEqual(['localhost', 'a.pt', 'b.pt']);
  });

  it('is production when any claimed host is a production host', () => {
    expect(flagsForRequest(headersOf({ host: '127.0.0.1:3100' }), CONFIG)).toEqual(OFF);
    expect(flagsForRequest(headersOf({ host: 'internal:3000', 'x-forwarded-host': 'loja.example.pt' }), CONFIG)).toEqual(OFF);
    expect(flagsForRequest(headersOf({ host: 'loja.example.pt', 'x-forwarded-host': 'localhost' }), CONFIG)).toEqual(OFF);
    expect(flagsForRequest(headersOf({ host: 'localhost:3100' }), CONFIG)).toEqual(ALL_FLAGS_ON);
  });

  it('with production hosts configured, turns features on only for the configured full-feature hosts', () => {
    // A host nobody configured, sent straight to the origin, does not switch anything on.
    const deployment = { production: ['loja.example.pt'], fullFeature: [] };
    expect(flagsForRequest(headersOf({ host: 'localhost:3000' }), deployment)).toEqual(OFF);
    expect(flagsForRequest(headersOf({ host: 'evil.example' }), CONFIG)).toEqual(OFF);
    expect(flagsForRequest(headersOf({}), CONFIG)).toEqual(OFF);
    // X-Forwarded-Host is not trusted to turn features on.
    expect(flagsForRequest(headersOf({ host: 'internal:3000', 'x-forwarded-host': 'localhost' }), CONFIG)).toEqual(OFF);
    expect(flagsForRequest(headersOf({ host: 'localhost', 'x-forwarded-host': 'evil.example' }), CONFIG)).toEqual(OFF);
    // Without production hosts (development, a staging deployment) everything is on.
    expect(flagsForRequest(headersOf({ host: 'loja.example.pt' }), { production: [], fullFeature: [] })).toEqual(ALL_FLAGS_ON);
  });

  it('parses the proxy header strictly and intersects flag sets', () => {
    expect(parseFlagsHeader(JSON.stringify(OFF))).toEqual(OFF);
    expect(parseFlagsHeader('{"ENABLE_CHECKOUT":true}')).toBeNull();
    expect(parseFlagsHeader('not json')).toBeNull();
    expect(parseFlagsHeader(null)).toBeNull();
    expect(intersectFlags(ALL_FLAGS_ON, { ...ALL_FLAGS_ON, ENABLE_CHECKOUT: false })).toEqual({
      ...ALL_FLAGS_ON,
      ENABLE_CHECKOUT: false,
    });
  });

  it('knows which routes need which flag', () => {
    expect(requiredFlagsForPath('/login')).toEqual(['ENABLE_USER_REGISTRATION']);
    expect(requiredFlagsForPath('/access-request/')).toEqual(['ENABLE_USER_REGISTRATION']);
    expect(requiredFlagsForPath('/dashboard')).toEqual(['ENABLE_DASHBOARD']);
    expect(requiredFlagsForPath('/dashboard/favorites')).toEqual([
      'ENABLE_DASHBOARD',
      'ENABLE_FAVORITES',
    ]);
    expect(requiredFlagsForPath('/dashboard/profile')).toEqual([
      'ENABLE_DASHBOARD',
      'ENABLE_USER_PROFILES',
    ]);
    expect(requiredFlagsForPath('/checkout/success')).toEqual(['ENABLE_CHECKOUT']);
    expect(requiredFlagsForPath('/admin/login')).toEqual([]);
    expect(requiredFlagsForPath('/loginx')).toEqual([]);
    expect(requiredFlagsForPath('/produtos')).toEqual([]);
    expect(isRouteDisabled('/login', OFF)).toBe(true);
    expect(isRouteDisabled('/login', ALL_FLAGS_ON)).toBe(false);
    expect(
      isRouteDisabled('/dashboard/favorites', { ...ALL_FLAGS_ON, ENABLE_FAVORITES: false }),
    ).toBe(true);
    expect(isRouteDisabled('/cart', OFF)).toBe(false);
  });
});

describe('server/flags getFeatureFlags', () => {
  const saved = { hosts: process.env.PRODUCTION_HOSTS, site: process.env.SITE_URL };
  beforeEach(async () => {
    jest.resetModules();
    mockHeaders.clear();
    process.env.PRODUCTION_HOSTS = PRODUCTION.join(',');
    process.env.SITE_URL = 'http://localhost:3100';
    (await import('@/lib/env')).resetEnvCache();
  });
  afterAll(() => {
    if (saved.hosts === undefined) delete process.env.PRODUCTION_HOSTS;
    else process.env.PRODUCTION_HOSTS = saved.hosts;
    if (saved.site === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved.site;
  });

  it('derives the flags from the host again, never trusting the proxy header alone', async () => {
    mockHeaders.set('host', '127.0.0.1:3100');
    mockHeaders.set('x-shop-flags', JSON.stringify(ALL_FLAGS_ON)); // forged: all on
    const { getFeatureFlags } = await import('@/server/flags');
    expect(await getFeatureFlags()).toEqual(OFF);
  });

  it('is all on for other hosts, unless the proxy switched a flag off', async () => {
    mockHeaders.set('host', 'localhost:3100');
    const { getFeatureFlags } = await import('@/server/flags');
    expect(await getFeatureFlags()).toEqual(ALL_FLAGS_ON);
    jest.resetModules();
    mockHeaders.set('x-shop-flags', JSON.stringify({ ...ALL_FLAGS_ON, ENABLE_CHECKOUT: false }));
    const again = await import('@/server/flags');
    expect((await again.getFeatureFlags()).ENABLE_CHECKOUT).toBe(false);
  });

  it('a production deployment gives Host: localhost the production flags (SITE_URL is the production host)', async () => {
    process.env.SITE_URL = 'https://loja.example.pt';
    (await import('@/lib/env')).resetEnvCache();
    mockHeaders.set('host', 'localhost');
    const { getFeatureFlags } = await import('@/server/flags');
    expect(await getFeatureFlags()).toEqual(OFF);
  });

  it('requireFeature sends a disabled feature to /produtos?coming-soon=1', async () => {
    mockHeaders.set('host', 'loja.example.pt');
    const { requireFeature, isFeatureEnabled } = await import('@/server/flags');
    expect(await isFeatureEnabled('ENABLE_CHECKOUT')).toBe(false);
    await expect(requireFeature('ENABLE_USER_REGISTRATION')).rejects.toThrow(
      'NEXT_REDIRECT /produtos?coming-soon=1',
    );
  });
});
