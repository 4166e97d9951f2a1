import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CatalogueTabs } from '@/components/admin/catalogue/catalogue-tabs';
import { MarkReprinted } from '@/components/admin/catalogue/mark-reprinted';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ListTable } from '@/components/ui/list-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import { CHANGE_KINDS } from '@/lib/validation/catalogue-management';
import { requirePageAccess } from '@/server/auth/session';
import { getReprintReport } from '@/server/catalogue/reprint';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Relatório de reimpressão', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/catalogue-management/reprint-report';

/**
 * /admin/catalogue-management/reprint-report (manage_products): for the printed
 * catalogue, per chapter and family, the changes since the chapter's last print by kind, the
 * products changed, the chapter's PDF as it is now and "Marcar como reimpresso".
 */
export default async function ReprintReportPage() {
  await requirePageAccess(PAGE_PATH);
  const [t, chapters] = await Promise.all([getTranslations('Admin.Catalogue'), getReprintReport()]);
  const total = chapters.reduce((s, c) => s + c.total, 0);
  const changesHref = (chapter: number) => `/admin/catalogue-management/change-logs?capitulo=${chapter}`;
  const kindColumns = CHANGE_KINDS.map((k) => ({ label: t(`kind_${k}`), align: 'right' as const }));
  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader
        title={t('reprintTitle')}
        description={t('reprintIntro')}
        crumbs={[{ label: t('title'), href: '/admin/catalogue-management' }]}
        actions={total > 0 ? <MarkReprinted chapter="all" /> : null}
      />
      <CatalogueTabs current="reprint" />
      <p className="mb-4 font-medium text-slate-900" data-testid="reprint-total">
        {t('reprintTotal', { total })}
      </p>
      <ListTable
        testId="reprint-report"
        headClassName="border-b bg-slate-50 text-slate-700"
        columns={[t('chapter'), t('lastPrint'), ...kindColumns, { label: t('total'), align: 'right' }, { label: t('markReprinted'), srOnly: true }]}
      >
        {chapters.map((c) => (
          <tbody key={c.code} className="border-b last:border-0" data-testid={`reprint-chapter-${c.code}`}>
            <tr className="align-top">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {c.code} — {c.title}
                <a href={c.pdfHref} target="_blank" rel="noopener" className="mt-0.5 block text-xs font-normal text-sky-800 hover:underline" data-testid="chapter-pdf">
                  {t('pdf')}
                </a>
              </th>
              <td className="px-3 py-2 text-slate-700">
                {c.lastPrint ? t('printedBy', { date: formatAdminDateTime(c.lastPrint.printedAt), actor: c.lastPrint.actor ?? '—' }) : t('neverPrinted')}
                {c.lastPrint?.note ? <span className="block text-xs text-slate-500">{c.lastPrint.note}</span> : null}
              </td>
              {CHANGE_KINDS.map((k) => (
                <td key={k} className="px-3 py-2 text-right tabular-nums" data-testid={`count-${k}`}>
                  {c.counts[k]}
                </td>
              ))}
              <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="count-total">
                {c.total}
              </td>
              <td className="px-3 py-2 text-right">{c.total > 0 ? <MarkReprinted chapter={c.code} label={`${c.code} ${c.title}`} /> : null}</td>
            </tr>
            {c.total > 0 ? (
              <tr>
                <td colSpan={8} className="px-3 pb-3">
                  <details className="rounded-md border bg-slate-50 p-3">
                    <summary className="cursor-pointer text-sm font-medium text-slate-900">
                      {t('familiesChanged')}: {c.families.length} · {t('productsChanged', { count: c.productTotal })}
                      {c.products.length < c.productTotal ? ` (${t('productsShown', { shown: c.products.length })})` : ''}
                    </summary>
                    <ListTable
                      density="compact"
                      framed={false}
                      className="mt-2"
                      tableClassName="text-xs"
                      headClassName="text-slate-600"
                      columns={[t('filterFamily'), ...kindColumns, { label: t('total'), align: 'right' }]}
                    >
                      <tbody>
                        {c.families.map((f) => (
                          <tr key={f.familyId ?? 'none'} className="border-t">
                            <td className="py-1 pr-2">{f.code ? `${f.code} ${f.title ?? ''}` : t('noFamily')}</td>
                            {CHANGE_KINDS.map((k) => (
                              <td key={k} className="py-1 pr-2 text-right tabular-nums">{f.counts[k]}</td>
                            ))}
                            <td className="py-1 text-right tabular-nums">{f.total}</td>
                          </tr>
                        ))}
                      </tbody>
                    </ListTable>
                    <ul className="mt-3 space-y-1 text-xs text-slate-800" data-testid="reprint-products">
                      {c.products.map((p) => (
                        <li key={p.productCode}>
                          <Link href={`/admin/catalogue-management/change-logs?capitulo=${c.code}&codigo=${encodeURIComponent(p.productCode)}`} prefetch={false} className="font-mono text-sky-800 hover:underline">
                            {p.productCode}
                          </Link>{' '}
                          {p.productName}{' '}
                          <span className="text-slate-500">
                            ({CHANGE_KINDS.filter((k) => p.counts[k] > 0).map((k) => `${t(`kind_${k}`)} ${p.counts[k]}`).join(', ')} · {t('lastChange')} {formatAdminDateTime(p.lastAt)})
                          </span>
                        </li>
                      ))}
                    </ul>
                    <Link href={changesHref(c.code)} prefetch={false} className="mt-2 inline-block text-xs text-sky-800 hover:underline">
                      {t('navChanges')} →
                    </Link>
                  </details>
                </td>
              </tr>
            ) : null}
          </tbody>
        ))}
      </ListTable>
    </div>
  );
}
