// Types of scripts/client-ip.mjs (the trusted client IP decided by scripts/serve.mjs).
export declare const CLIENT_IP_HEADER: 'x-cag-client-ip';
export declare const TRUSTED_FRONT: unique symbol;
export declare function parseTrustedProxyCount(value: string | undefined | null): number;
export declare function normalizeAddress(value: string | undefined | null): string | null;
export declare function trustedClientIp(remoteAddress: string | undefined | null, forwardedFor: string | string[] | undefined | null, trustedProxyCount?: number): string | null;
export declare function applyClientIp(headers: Record<string, string | string[] | undefined>, remoteAddress: string | undefined | null, trustedProxyCount?: number): string | null;
export declare function markTrustedFront(): void;
