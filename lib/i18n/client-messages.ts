import { compiledMessages, type Messages } from './compiled-messages';

/**
 * The message namespaces that travel to the browser (tests/unit/i18n-client-namespaces checks
 * them against the components). Every page gets the shell's (header, menus, newsletter, the
 * login dialog and the keys forms and actions answer with); a page whose forms need more adds
 * its namespace with a nested provider (the account area, the access request, the contact
 * page). Pages' own texts are rendered on the server and never sent. The texts travel compiled
 * (compiled-messages.ts): the browser formats them without the ICU parser.
 */
export const SHELL_NAMESPACES = [
  'Header',
  'Nav',
  'Search',
  'MobileMenu',
  'ComingSoon',
  // The product hearts (components/favourites/favourite-toggle.tsx) sit on every catalogue page.
  'Favourites',
  'Newsletter',
  'Auth',
  'Validation',
  'Errors',
  'Cart',
  // The offline banner and the message of a form stopped while offline (components/pwa).
  'Offline',
] as const;
export const PAGE_NAMESPACES = ['Admin', 'Account', 'AccessRequest', 'Contact', 'CartPage', 'Checkout', 'QuoteRequest', 'QuoteActions', 'JobLists', 'PriceList', 'OfflineSave'] as const;

type ClientNamespace = (typeof SHELL_NAMESPACES)[number] | (typeof PAGE_NAMESPACES)[number];
export type ClientMessages = Partial<Pick<Messages, ClientNamespace>>;

/** The shell's messages plus those of `extra` (for a nested NextIntlClientProvider). */
export function clientMessages(
  extra: readonly (typeof PAGE_NAMESPACES)[number][] = [],
): ClientMessages {
  return Object.fromEntries(
    [...SHELL_NAMESPACES, ...extra].map((ns) => [ns, compiledMessages[ns]]),
  ) as ClientMessages;
}
