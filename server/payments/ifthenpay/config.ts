import 'server-only';
import { env } from '@/lib/env';

/**
 * ifthenpay's configuration (lib/env.ts): a method is enabled only when its key and the
 * anti-phishing key are set — without the anti-phishing key no callback could be trusted, so
 * no order would ever be confirmed.
 */
export interface IfthenpayConfig {
  baseUrl: string;
  mbKey: string | undefined;
  mbwayKey: string | undefined;
  antiPhishingKey: string | undefined;
  expiryDays: number;
  timeoutMs: number;
}

export function ifthenpayConfig(): IfthenpayConfig {
  const e = env();
  return {
    baseUrl: e.IFTHENPAY_API_URL,
    mbKey: e.IFTHENPAY_MB_KEY,
    mbwayKey: e.IFTHENPAY_MBWAY_KEY,
    antiPhishingKey: e.IFTHENPAY_ANTI_PHISHING_KEY,
    expiryDays: e.IFTHENPAY_MB_EXPIRY_DAYS,
    timeoutMs: e.IFTHENPAY_TIMEOUT_MS,
  };
}

export function multibancoEnabled(config: IfthenpayConfig = ifthenpayConfig()): boolean {
  return Boolean(config.mbKey && config.antiPhishingKey);
}

export function mbwayEnabled(config: IfthenpayConfig = ifthenpayConfig()): boolean {
  return Boolean(config.mbwayKey && config.antiPhishingKey);
}
