import fs from 'node:fs';
import path from 'node:path';
import messages from '@/messages/pt-PT.json';
import { CLIENT_NAMESPACES, clientMessages } from '@/lib/i18n/client-messages';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('messages sent to the browser', () => {
  it('include every namespace a component reads with useTranslations, and only those', () => {
    const used = new Set<string>();
    for (const file of [...files('components'), ...files('app')]) {
      const source = fs.readFileSync(file, 'utf8');
      for (const m of source.matchAll(/useTranslations\(\s*['"]([A-Za-z]+)/g)) used.add(m[1]!);
      expect(source).not.toMatch(/useTranslations\(\s*\)/);
    }
    expect([...used].sort()).toEqual([...CLIENT_NAMESPACES].sort());
  });

  it('are a subset of the messages file, leaving the server-only texts out', () => {
    const sent = clientMessages();
    for (const ns of CLIENT_NAMESPACES) expect(sent[ns]).toEqual(messages[ns]);
    expect(Object.keys(sent).length).toBeLessThan(Object.keys(messages).length);
    expect(sent).not.toHaveProperty('Outbox');
  });
});
