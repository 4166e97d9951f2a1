/**
 * Stand-ins for next-intl (ES modules only, which Jest here does not load) that read the real
 * messages/pt-PT.json, so tests see the texts users see. In a test file:
 *   jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
 *   jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
 * Supported: namespaces (nested too) or none, `{name}` and `{n, plural, …}` values, `t.rich` with
 * `<tag>…</tag>`, `t.has`. A missing text throws, as a wrong key should fail a test.
 */
import * as React from 'react';
import messages from '@/messages/pt-PT.json';

type Values = Record<string, unknown>;

function lookup(path: string): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages,
    );
  return typeof value === 'string' ? value : undefined;
}

function format(template: string, values: Values = {}): string {
  return template
    .replace(/\{(\w+), plural, ((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, name: string, body: string) => {
      const n = Number(values[name]);
      const options = Object.fromEntries(
        [...body.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]),
      );
      return (
        options[`=${n}`] ??
        (n === 1 ? options.one : undefined) ??
        options.other ??
        ''
      ).replace(/#/g, String(n));
    })
    .replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values && typeof values[name] !== 'function' ? String(values[name]) : match,
    );
}

export function createTranslator(namespace?: string) {
  const path = (key: string) => (namespace ? `${namespace}.${key}` : key);
  const text = (key: string): string => {
    const found = lookup(path(key));
    if (found === undefined) throw new Error(`Texto em falta: ${path(key)}`);
    return found;
  };
  const t = (key: string, values?: Values) => format(text(key), values);
  t.has = (key: string) => lookup(path(key)) !== undefined;
  t.rich = (key: string, values: Values = {}) =>
    format(text(key), values)
      .split(/(<\w+>.*?<\/\w+>)/)
      .map((part, i) => {
        const tag = part.match(/^<(\w+)>(.*)<\/\1>$/);
        const render = tag
          ? (values[tag[1]!] as ((chunks: string) => React.ReactNode) | undefined)
          : undefined;
        return <React.Fragment key={i}>{render ? render(tag![2]!) : part}</React.Fragment>;
      });
  t.raw = (key: string) => lookup(path(key));
  return t;
}

export function nextIntlMock() {
  return {
    useTranslations: (namespace?: string) => createTranslator(namespace),
    useLocale: () => 'pt-PT',
    NextIntlClientProvider: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  };
}

export function nextIntlServerMock() {
  return {
    getTranslations: async (options?: string | { namespace?: string }) =>
      createTranslator(typeof options === 'string' ? options : options?.namespace),
    getLocale: async () => 'pt-PT',
  };
}

/** The text of a root key of messages/pt-PT.json, with its values (throws when missing). */
export function text(key: string, values?: Values): string {
  return createTranslator()(key, values);
}
