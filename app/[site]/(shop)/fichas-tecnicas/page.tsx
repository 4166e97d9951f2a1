import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { SheetLink } from '@/components/technical-sheets/sheet-links';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { pageMetadata } from '@/lib/seo';
import { DOCUMENT_CENTRE_LIMIT, listDocumentCentre } from '@/server/technical-sheets/public';

/**
 * Rendered per request from cached reads (the search and brand filter make every query its own
 * page); the list itself is a cached read tagged `technical-sheets`, so a published or edited
 * sheet shows at once.
 */
export const dynamic = 'force-dynamic';

const PATH = '/fichas-tecnicas';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const t = await getTranslations('TechnicalSheets.centre');
  const query = await searchParams;
  const filtered = Boolean(one(query.q) || one(query.marca));
  const base = pageMetadata({ title: t('metaTitle'), description: t('metaDescription'), path: PATH });
  return filtered ? { ...base, robots: { index: false, follow: true } } : base;
}

/**
 * /fichas-tecnicas: the public document centre — every published technical sheet,
 * grouped by chapter, filtered by brand and searched by product or model code (`?q=`), each row
 * with its PDFs (the generated sheet and the manufacturer's).
 */
export default async function TechnicalSheetsCentrePage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const q = one(query.q).slice(0, 100);
  const brand = /^[a-z0-9-]{1,120}$/.test(one(query.marca)) ? one(query.marca) : '';
  const [t, centre] = await Promise.all([getTranslations('TechnicalSheets'), listDocumentCentre(q, brand)]);
  const filtered = Boolean(q || brand);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs items={[{ label: t('centre.metaTitle') }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('centre.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t('centre.intro')}</p>

      <form method="get" action={PATH} role="search" aria-label={t('centre.searchRegion')} data-testid="sheets-search" className="mt-6 grid gap-3 rounded-xl border bg-white p-4 sm:grid-cols-[2fr_1fr_auto]">
        <div>
          <label htmlFor="fichas-pesquisa" className="text-sm font-medium text-slate-800">
            {t('centre.searchLabel')}
          </label>
          <input
            id="fichas-pesquisa"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            placeholder={t('centre.searchPlaceholder')}
            className="mt-1 h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="fichas-marca" className="text-sm font-medium text-slate-800">
            {t('centre.brandLabel')}
          </label>
          <select id="fichas-marca" name="marca" defaultValue={brand} className="mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm">
            <option value="">{t('centre.allBrands')}</option>
            {centre.brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="h-10 rounded-md bg-sky-800 px-4 text-sm font-semibold text-white hover:bg-sky-900">
            {t('centre.submit')}
          </button>
          {filtered ? (
            <Link href={PATH} className="inline-flex h-10 items-center rounded-md border px-3 text-sm hover:bg-slate-50">
              {t('centre.clear')}
            </Link>
          ) : null}
        </div>
      </form>

      <p className="mt-6 text-sm text-slate-700" aria-live="polite" data-testid="sheets-count">
        {t('centre.results', { count: centre.total })}
      </p>
      {centre.total >= DOCUMENT_CENTRE_LIMIT ? <p className="mt-1 text-sm text-amber-900">{t('centre.limited', { count: DOCUMENT_CENTRE_LIMIT })}</p> : null}

      {centre.groups.length === 0 ? (
        <EmptyListNote className="mt-4">{filtered ? t('centre.empty') : t('centre.emptyAll')}</EmptyListNote>
      ) : (
        <div className="mt-4 space-y-8">
          {centre.groups.map((group) => (
            <section key={group.chapterCode} aria-labelledby={`capitulo-${group.chapterCode}`}>
              <h2 id={`capitulo-${group.chapterCode}`} className="text-xl font-bold text-slate-900">
                {group.chapterTitle}
              </h2>
              <ListTable
                density="roomy"
                tableClassName="min-w-[40rem]"
                className="mt-3"
                columns={[t('centre.reference'), t('centre.product'), t('centre.brand'), t('centre.documents')]}
              >
                <tbody className="divide-y">
                  {group.rows.map((row) => (
                    <tr key={row.id} className="align-top" data-testid="sheet-row">
                      <td className="px-4 py-3 font-mono text-xs">
                        {row.productCode}
                        {row.modelCode ? <span className="block text-slate-600">{row.modelCode}</span> : null}
                      </td>
                      <td className="px-4 py-3">
                        <Link href={row.productPath} className="font-medium text-slate-900 hover:text-sky-800 hover:underline">
                          {row.productName}
                        </Link>
                        <span className="block text-xs text-slate-600">{row.modelName ?? t('centre.wholeProduct')}</span>
                      </td>
                      <td className="px-4 py-3">{row.brandName ?? '—'}</td>
                      <td className="px-4 py-3">
                        <ul className="space-y-1">
                          <li>
                            <SheetLink href={row.pdfPath}>{row.modelCode ? t('sheetOfModel', { code: row.modelCode }) : t('sheet')}</SheetLink>
                          </li>
                          {row.manufacturerPath ? (
                            <li>
                              <SheetLink href={row.manufacturerPath}>{t('manufacturer')}</SheetLink>
                            </li>
                          ) : null}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
