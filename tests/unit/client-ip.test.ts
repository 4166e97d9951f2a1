/** @jest-environment node */
import { applyClientIp, CLIENT_IP_HEADER, normalizeAddress, parseTrustedProxyCount, trustedClientIp } from '../../scripts/client-ip.mjs';

/** The client IP scripts/serve.mjs hands to the app (TRUSTED_PROXY_COUNT, X-Forwarded-For, the socket). */
describe('trustedClientIp', () => {
  it('without proxies is the socket address, whatever X-Forwarded-For says', () => {
    expect(trustedClientIp('192.0.2.10', '203.0.113.1', 0)).toBe('192.0.2.10');
    expect(trustedClientIp('::ffff:192.0.2.10', undefined, 0)).toBe('192.0.2.10');
  });

  it('with N proxies is the Nth X-Forwarded-For address from the right', () => {
    expect(trustedClientIp('10.0.0.1', 'forged, 1.1.1.1, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(trustedClientIp('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
    expect(trustedClientIp('10.0.0.1', ['6.6.6.6', '198.51.100.7'], 1)).toBe('198.51.100.7');
  });

  it('with fewer hops than proxies takes the left-most; a garbage hop gives the nearest valid one on our side', () => {
    expect(trustedClientIp('10.0.0.1', '198.51.100.7', 3)).toBe('198.51.100.7');
    expect(trustedClientIp('10.0.0.1', undefined, 2)).toBe('10.0.0.1');
    expect(trustedClientIp('10.0.0.1', 'x, not-an-ip', 1)).toBe('10.0.0.1');
  });

  it('normalises ports, brackets, zones and IPv4-mapped IPv6', () => {
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('198.51.100.7:5678')).toBe('198.51.100.7');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('unknown')).toBeNull();
  });
});

describe('applyClientIp', () => {
  it('drops the copy a client sent and sets the trusted one', () => {
    const headers: Record<string, string | string[] | undefined> = { [CLIENT_IP_HEADER]: '1.2.3.4', 'x-forwarded-for': '5.6.7.8' };
    expect(applyClientIp(headers, '192.0.2.10', 0)).toBe('192.0.2.10');
    expect(headers[CLIENT_IP_HEADER]).toBe('192.0.2.10');
    const none: Record<string, string | string[] | undefined> = { [CLIENT_IP_HEADER]: '1.2.3.4' };
    applyClientIp(none, undefined, 0);
    expect(none[CLIENT_IP_HEADER]).toBeUndefined();
  });
});

describe('parseTrustedProxyCount', () => {
  it('reads 0 by default and refuses anything but a small whole number', () => {
    expect(parseTrustedProxyCount(undefined)).toBe(0);
    expect(parseTrustedProxyCount(' 2 ')).toBe(2);
    expect(() => parseTrustedProxyCount('-1')).toThrow(/TRUSTED_PROXY_COUNT/);
    expect(() => parseTrustedProxyCount('yes')).toThrow(/TRUSTED_PROXY_COUNT/);
  });
});
