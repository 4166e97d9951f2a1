import { getRequestConfig } from 'next-intl/server';
import { compiledMessages } from './compiled-messages';

export const LOCALE = 'pt-PT';
export const TIME_ZONE = 'Europe/Lisbon';

export default getRequestConfig(async () => ({
  locale: LOCALE,
  timeZone: TIME_ZONE,
  // Compiled ahead of use: next-intl runs its format-only runtime (next.config.ts).
  messages: compiledMessages,
}));
