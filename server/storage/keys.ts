import 'server-only';

/**
 * A segment may start with `_` or `-`: random ids in base64url (price lists, user ids in avatar
 * names) do, about one in 32. Only a leading dot (`.`, `..`, hidden files) is refused.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** A key is `/`-separated segments of letters, digits, `.`, `_`, `-` (no `..`, no leading dot or slash). */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.length === 0 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  }
}

/** Whether `name` can be one segment of a key (a file name the ERP dropped, say). */
export function isKeySegment(name: string): boolean {
  return SEGMENT.test(name) && !name.includes('..');
}

/*
 * The key families of the shop's storage (docs/storage.md lists them all). Each module names its
 * own keys beside the code that writes them (orders/pdf.ts `orders/…`, quotes/pdf.ts `quotes/…`,
 * technical-sheets/pdf.ts `technical-sheets/…`, price-lists `price-lists/…`, uploads `uploads/…`,
 * account `avatars/…`, erp/skipped.ts `erp-runs/…`); the ERP's files are named here because two
 * modules (the uploads of /admin/phc-sync and the inbox) share the `erp/` prefix.
 */

/** A file uploaded on /admin/phc-sync between its preview and "Aplicar": the bytes, its name and kind, its skipped lines. */
export const ERP_UPLOAD_PREFIX = 'erp/uploads/';
export function erpUploadKey(token: string, part: 'file' | 'meta' | 'skipped'): string {
  return `${ERP_UPLOAD_PREFIX}${token}${part === 'file' ? '' : part === 'meta' ? '.json' : '.skipped.csv'}`;
}

/**
 * The ERP's inbox in a bucket: the ERP (or a sync tool beside it) puts its exports under
 * `erp/inbox/`; the shop moves each file it takes to `erp/processing/`, then to `erp/done/` or
 * `erp/failed/` (time-prefixed), as the watched folder does with its subfolders.
 */
export const ERP_INBOX_PREFIX = 'erp/inbox/';
export type ErpInboxState = 'processing' | 'done' | 'failed';
export function erpInboxKey(state: ErpInboxState, name: string): string {
  return `erp/${state}/${name}`;
}
