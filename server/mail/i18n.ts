import 'server-only';
import messages from '@/messages/pt-PT.json';

export type MessageValues = Record<string, string | number>;
export type ServerTranslator = (key: string, values?: MessageValues) => string;

/** The text at a key from the root of messages/pt-PT.json (`'Errors.generic'`), or undefined. */
function lookup(path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    node =
      node !== null && typeof node === 'object'
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when `key` names a text of messages/pt-PT.json (from the root). */
export function isMessageKey(key: unknown): key is string {
  return typeof key === 'string' && lookup(key) !== undefined;
}

/** The text of a root key with its `{placeholders}` filled; throws for a missing text. */
export function serverText(key: string, values?: MessageValues): string {
  const text = lookup(key);
  if (text === undefined) throw new Error(`Texto em falta em messages/pt-PT.json: ${key}`);
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match,
  );
}

/**
 * Texts of messages/pt-PT.json for server code that runs outside a page render (mails, API
 * answers, server actions, tests). Supports simple `{name}` placeholders only: the texts used
 * here carry no plural or rich-text syntax.
 */
export function serverTranslator(namespace: string): ServerTranslator {
  return (key, values) => serverText(`${namespace}.${key}`, values);
}
