import { FileTextIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { PublicSheetLink } from '@/lib/technical-sheets';

/**
 * 'Ficha técnica' links of a product page: each published sheet's generated PDF and
 * the manufacturer's PDF, the product's own first, then one per model. Nothing without sheets.
 */
export async function ProductSheetLinks({ sheets }: { sheets: PublicSheetLink[] }) {
  if (sheets.length === 0) return null;
  const t = await getTranslations('TechnicalSheets');
  return (
    <section aria-labelledby="ficha-tecnica" className="rounded-xl border bg-white p-4" data-testid="product-sheets">
      <h2 id="ficha-tecnica" className="text-base font-semibold text-slate-900">
        {t('linksTitle')}
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {sheets.flatMap((s) => [
          <li key={`${s.id}-f`}>
            <SheetLink href={s.pdfPath}>{s.modelCode ? t('sheetOfModel', { code: s.modelCode }) : t('sheet')}</SheetLink>
          </li>,
          ...(s.manufacturerPath
            ? [
                <li key={`${s.id}-m`}>
                  <SheetLink href={s.manufacturerPath}>{s.modelCode ? t('manufacturerOfModel', { code: s.modelCode }) : t('manufacturer')}</SheetLink>
                </li>,
              ]
            : []),
        ])}
      </ul>
    </section>
  );
}

export function SheetLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 font-medium text-sky-800 hover:underline">
      <FileTextIcon aria-hidden className="size-4 shrink-0" />
      {children}
      <span className="text-xs font-normal text-slate-500">(PDF)</span>
    </a>
  );
}
