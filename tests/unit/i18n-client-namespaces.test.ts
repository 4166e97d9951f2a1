import fs from 'node:fs';
import path from 'node:path';
import messages from '@/messages/pt-PT.json';
import { PAGE_NAMESPACES, SHELL_NAMESPACES, clientMessages } from '@/lib/i18n/client-messages';
import { compiledMessages } from '@/lib/i18n/compiled-messages';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const sources = () => [...files('components'), ...files('app'), ...files('lib')].map((f) => [f, fs.readFileSync(f, 'utf8')] as const);

describe('messages sent to the browser', () => {
  it('cover every namespace a component reads with useTranslations', () => {
    const used = new Set<string>();
    for (const [, source] of sources()) {
      for (const m of source.matchAll(/useTranslations\(\s*['"]([A-Za-z]+)/g)) used.add(m[1]!);
    }
    const sent = new Set<string>([...SHELL_NAMESPACES, ...PAGE_NAMESPACES]);
    expect([...used].filter((ns) => !sent.has(ns))).toEqual([]);
    // Nothing listed that no component reads.
    expect([...sent].filter((ns) => !used.has(ns) && ns !== 'Validation' && ns !== 'Errors')).toEqual([]);
  });

  it('give each page namespace to the pages whose forms need it, through a nested provider', () => {
    for (const ns of PAGE_NAMESPACES) {
      const providers = sources().filter(([, s]) => s.includes(`clientMessages(['${ns}'])`));
      expect(providers.length).toBeGreaterThan(0);
    }
  });

  it('leave the server-only texts out of the shell', () => {
    const shell = clientMessages();
    // The shell's namespaces travel whole, compiled (tests/unit/i18n-compiled-messages checks the texts).
    for (const ns of SHELL_NAMESPACES) expect(shell[ns]).toEqual(compiledMessages[ns]);
    for (const ns of SHELL_NAMESPACES) expect(Object.keys(shell[ns]!)).toEqual(Object.keys(messages[ns]));
    for (const ns of ['Outbox', 'Metadata', 'Home', 'Footer', 'Api', ...PAGE_NAMESPACES]) expect(shell).not.toHaveProperty(ns);
    expect(clientMessages(['Account'])).toHaveProperty('Account');
  });
});
