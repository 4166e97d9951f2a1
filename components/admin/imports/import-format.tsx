import { DownloadIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { IMPORT_FORMATS, templatePath, type ImportFormatId } from '@/lib/admin/import-formats';
import { ColumnHeaders } from '@/components/ui/table';

/** Message key of a format (next-intl keys have no hyphen here). */
const KEY: Record<ImportFormatId, 'catalogue' | 'erpPrices' | 'erpClients' | 'priceRules'> = {
  catalogue: 'catalogue',
  'erp-prices': 'erpPrices',
  'erp-clients': 'erpClients',
  'price-rules': 'priceRules',
};

/**
 * The format of an import file on its own screen: the template to download, every
 * column with whether it is required and what it holds, and what is skipped or refused. The
 * columns and the template come from lib/admin/import-formats.ts, the words from the messages.
 */
export async function ImportFormatHelp({ format, headingLevel = 2, showName = false }: { format: ImportFormatId; headingLevel?: 2 | 3; showName?: boolean }) {
  const t = await getTranslations('Admin.Imports');
  const key = KEY[format];
  const spec = IMPORT_FORMATS[format];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = t(`formats.${key}.name`);
  const headingId = `format-${format}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`format-${format}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className={headingLevel === 2 ? 'text-lg font-semibold text-slate-900' : 'text-base font-semibold text-slate-900'}>
          {showName ? `${t('formatTitle')}: ${name}` : t('formatTitle')}
        </Heading>
        <a
          href={templatePath(format)}
          download={spec.fileName}
          className="inline-flex items-center gap-1.5 rounded-md border bg-white px-3 py-1.5 text-sm font-medium text-sky-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-sky-700 focus-visible:outline-none"
          data-testid={`template-${format}`}
        >
          <DownloadIcon aria-hidden="true" className="size-4" />
          {showName ? t('downloadNamed', { name }) : t('download')}
        </a>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{t('formatIntro', { unit: t(`formats.${key}.unit`) })}</p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="border-b text-slate-600">
            <ColumnHeaders cellClassName="py-1" columns={[{ label: t('colName'), className: 'pr-3' }, { label: t('colRequired'), className: 'pr-3' }, t('colDescription')]} />
          </thead>
          <tbody>
            {spec.columns.map((c) => (
              <tr key={c.name} className="border-b align-top last:border-0">
                <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal whitespace-nowrap text-slate-900">
                  {c.name}
                </th>
                <td className="py-1 pr-3">{c.required ? t('yes') : t('no')}</td>
                <td className="py-1 text-slate-700">{t(`columns.${key}.${c.name}` as never)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('skippedRefusedTitle')}</p>
        <p className="mt-1">{t(`formats.${key}.rules`)}</p>
      </div>
    </section>
  );
}
