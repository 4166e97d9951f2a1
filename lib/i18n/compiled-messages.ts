import 'server-only';
import compile from 'icu-minify/compile';
import messages from '@/messages/pt-PT.json';

export type Messages = typeof messages;

/**
 * The messages with every ICU text compiled ahead of use (icu-minify, what next-intl's
 * `precompile` does at build time), done once when the server loads this module. next-intl
 * formats them with its small format-only runtime (next.config.ts aliases
 * `use-intl/format-message`), so the browser never downloads the ICU parser (about 9 KB gzip on
 * every page). Only next-intl reads these: server code that reads texts itself (mail, API
 * answers) keeps using messages/pt-PT.json as written.
 */
function compileTree(node: unknown): unknown {
  if (typeof node === 'string') {
    try {
      return compile(node);
    } catch {
      // Not ICU (`«Bearer <token>»` of the Api texts, which only server code reads as written).
      return node;
    }
  }
  return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, compileTree(value)]));
}

// Through JSON, as next-intl's loader does: icu-minify builds plural options as null-prototype
// objects, which React cannot pass to client components.
export const compiledMessages = JSON.parse(JSON.stringify(compileTree(messages))) as Messages;
