import messages from '@/messages/pt-PT.json';

/**
 * The message namespaces client components read with `useTranslations` (tests/unit/i18n-client-
 * namespaces checks the list against components/). Only these travel to the browser; pages'
 * own texts are rendered on the server.
 */
export const CLIENT_NAMESPACES = ['Header', 'Nav', 'Search', 'MobileMenu', 'ComingSoon', 'Newsletter', 'Contact'] as const;

type Messages = typeof messages;
export type ClientMessages = Pick<Messages, (typeof CLIENT_NAMESPACES)[number]>;

export function clientMessages(): ClientMessages {
  return Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]])) as ClientMessages;
}
