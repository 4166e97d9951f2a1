import 'server-only';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A key is `/`-separated segments of letters, digits, `.`, `_`, `-` (no `..`, no leading dot or slash). */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.length === 0 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  }
}
