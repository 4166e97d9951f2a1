import 'server-only';

export function startCacheSampler(): void {}
