import { useTranslations } from 'next-intl';
import type { MessageValues } from '@/lib/errors';

/** The text of a message key, or undefined without a key. */
export type MessageText = (
  key: string | null | undefined,
  values?: MessageValues,
) => string | undefined;

/**
 * Texts of message keys from the root of messages/pt-PT.json, for the keys that schemas and
 * server actions hand to forms (field errors, refusals, success messages). A key the messages
 * file does not have shows the generic error rather than the key itself.
 */
export function useMessageText(): MessageText {
  const t = useTranslations();
  return (key, values) => {
    if (!key) return undefined;
    return t.has(key) ? t(key, values) : t('Errors.generic');
  };
}
