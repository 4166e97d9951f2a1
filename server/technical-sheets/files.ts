import 'server-only';
import type { SheetFileKind } from '@/lib/technical-sheets';
import { getStorage } from '@/server/storage';
import { getPublishedSheet } from './public';
import { sheetPdfKey, storeTechnicalSheetPdf } from './pdf';

/**
 * The files of the public route /documentos/fichas-tecnicas/{file}.pdf: a published sheet's
 * generated PDF (rendered now when its job has not run yet) or its manufacturer PDF. An
 * unpublished or unknown sheet, or one without that file, is null (404).
 */
export async function getPublishedSheetFile(kind: SheetFileKind, id: number): Promise<{ body: Buffer; version: number } | null> {
  const sheet = await getPublishedSheet(id);
  if (!sheet) return null;
  const storage = getStorage();
  if (kind === 'fabricante') {
    if (!sheet.manufacturerPdfKey) return null;
    const body = await storage.get(sheet.manufacturerPdfKey);
    return body ? { body, version: sheet.version } : null;
  }
  const key = sheetPdfKey(sheet);
  if (sheet.generatedVersion === sheet.version) {
    const body = await storage.get(key);
    if (body) return { body, version: sheet.version };
  }
  const stored = await storeTechnicalSheetPdf(sheet.id);
  if (!stored.key) return null;
  const body = await storage.get(stored.key);
  return body ? { body, version: sheet.version } : null;
}
