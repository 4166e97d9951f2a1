/** @jest-environment node */
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import messages from '@/messages/pt-PT.json';
import { saveToJobListTexts } from '@/server/worksite-lists/texts';
import { serverText, serverTranslator } from '@/server/i18n';

jest.mock('server-only', () => ({}));

/**
 * Issue 22 item 6: no raw ICU template (`{count, plural, …}`) may reach a page — through
 * next-intl (the pages' `t`), through the API answers' server texts (`serverText`), or through
 * texts handed to the browser as written.
 */

type Tree = { [key: string]: Tree | string };
const leaves = (node: Tree | string, path = ''): [string, string][] =>
  typeof node === 'string' ? [[path, node]] : Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
const all = leaves(messages as Tree);

/** Read by server code only, as written: `«Bearer <token>»` is not a tag. */
const NOT_TAGS = new Set(['Api.badAuthorization']);

function args(elements: MessageFormatElement[], out = new Map<string, MessageFormatElement['type']>()) {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.plural || el.type === TYPE.select || el.type === TYPE.date || el.type === TYPE.time)
      if (!out.has(el.value) || el.type !== TYPE.argument) out.set(el.value, el.type);
    if (el.type === TYPE.tag) {
      out.set(el.value, el.type);
      args(el.children, out);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) args(o.value, out);
  }
  return out;
}

function sample(ast: MessageFormatElement[], count: number, forServer: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, type] of args(ast)) {
    if (name === 'count' || type === TYPE.number || type === TYPE.plural) values[name] = count;
    else if (type === TYPE.date || type === TYPE.time) values[name] = new Date(Date.UTC(2026, 10, 21, 10, 30));
    else if (type === TYPE.select) values[name] = 'other';
    else if (type === TYPE.tag) values[name] = forServer ? 'x' : (chunks: string[]) => chunks.join('');
    else values[name] = `«${name}»`;
  }
  return values;
}

const RAW = /\{|\}|\bplural\b|\bselect\b/;

describe('messages/pt-PT.json as ICU', () => {
  it('parses every message as ICU (tags included)', () => {
    const broken: string[] = [];
    for (const [key, text] of all) {
      try {
        parse(text, NOT_TAGS.has(key) ? { ignoreTag: true } : undefined);
      } catch (err) {
        broken.push(`${key}: ${(err as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
    expect(all.length).toBeGreaterThan(1000);
  });

  const withCount = all.filter(([key, text]) => !NOT_TAGS.has(key) && args(parse(text)).has('count'));

  it('renders every message that takes {count} with 0, 1 and 5, as pages do (next-intl), with no template left', () => {
    expect(withCount.length).toBeGreaterThan(20);
    for (const [key, text] of withCount) {
      const ast = parse(text);
      for (const count of [0, 1, 5]) {
        const out = new IntlMessageFormat(text, 'pt-PT').format(sample(ast, count, false) as never);
        const flat = Array.isArray(out) ? out.join('') : String(out);
        expect(`${key} (${count}): ${RAW.test(flat) ? flat : 'ok'}`).toBe(`${key} (${count}): ok`);
      }
    }
  });

  it('renders the same messages through the server texts of API answers and mails, with no template left', () => {
    for (const [key, text] of withCount) {
      const ast = parse(text);
      if (args(ast).size !== [...args(ast).values()].filter((t) => t !== TYPE.tag).length) continue; // rich text: pages only
      for (const count of [0, 1, 5]) {
        const out = serverText(key, sample(ast, count, true) as Record<string, string | number>);
        expect(`${key} (${count}): ${RAW.test(out) ? out : 'ok'}`).toBe(`${key} (${count}): ok`);
      }
    }
  });

  it('words the job list\'s "Passar tudo para o carrinho" answer for 0, 1 and 5 lines', () => {
    const text = serverTranslator('JobLists');
    expect(text('movedToCart', { count: 0 })).toBe('Nada foi adicionado ao carrinho.');
    expect(text('movedToCart', { count: 1 })).toBe('1 linha adicionada ao carrinho.');
    expect(text('movedToCart', { count: 5 })).toBe('5 linhas adicionadas ao carrinho.');
  });

  it('keeps simple placeholders as they were (unknown ones stay visible for the caller to fill)', () => {
    expect(serverText('Orders.mail.footer', { number: 'EN-2026-000001' })).toBe('Casa das Águas de Gaia — encomenda EN-2026-000001');
    expect(serverText('Api.badAuthorization')).toBe('Cabeçalho Authorization inválido: use «Bearer <token>».');
  });

  it('hands the browser no plural or select template as written (texts read without a formatter)', () => {
    for (const [name, value] of Object.entries(saveToJobListTexts())) {
      const ast = parse(value);
      const kinds = [...args(ast).values()];
      expect(`${name}: ${kinds.some((k) => k === TYPE.plural || k === TYPE.select) ? value : 'plain'}`).toBe(`${name}: plain`);
    }
  });
});
