import { getRequestConfig } from 'next-intl/server';
import messages from '@/messages/pt-PT.json';

export const LOCALE = 'pt-PT';
export const TIME_ZONE = 'Europe/Lisbon';

export default getRequestConfig(async () => ({
  locale: LOCALE,
  timeZone: TIME_ZONE,
  messages,
}));
