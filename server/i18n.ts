import 'server-only';
import compile from 'icu-minify/compile';
import format from 'icu-minify/format';
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

/** Plural, select and formatted arguments: the texts that need the ICU formatter, not a replace. */
const ICU_SYNTAX = /\{\s*\w+\s*,\s*(plural|select|selectordinal|number|date|time)\s*[,}]/;

const formatters = {
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...a),
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a),
};
const compiled = new Map<string, ReturnType<typeof compile>>();

/**
 * A text with its values filled. Texts with plural/select (`{count, plural, one {# linha} …}`)
 * go through the ICU formatter next-intl uses (icu-minify), as a page would format them: a
 * simple replace would leave such a template raw in API answers (the job list's "Passar tudo
 * para o carrinho" toast would show `{count, plural, =0 {…} …}`). Simple `{name}` texts are filled
 * by a replace, which leaves an unknown placeholder as it is.
 */
export function fillText(text: string, values?: MessageValues): string {
  if (ICU_SYNTAX.test(text)) {
    let ast = compiled.get(text);
    if (!ast) {
      ast = compile(text);
      compiled.set(text, ast);
    }
    const out: unknown = format(ast, 'pt-PT', (values ?? {}) as never, { formatters, timeZone: 'Europe/Lisbon' });
    return Array.isArray(out) ? out.join('') : String(out);
  }
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match,
  );
}

/** The text of a root key with its values filled (plural and select included); throws for a missing text. */
export function serverText(key: string, values?: MessageValues): string {
  const text = lookup(key);
  if (text === undefined) throw new Error(`Texto em falta em messages/pt-PT.json: ${key}`);
  return fillText(text, values);
}

/**
 * Texts of messages/pt-PT.json for server code that runs outside a page render (mails, API
 * answers, server actions, tests): `{name}` placeholders, plural and select (no rich-text tags).
 */
export function serverTranslator(namespace: string): ServerTranslator {
  return (key, values) => serverText(`${namespace}.${key}`, values);
}
