import { getTranslations } from 'next-intl/server';
import { lineVariantText } from '@/lib/cart/line-label';
import { formatPercent, formatPrice, formatUnitPrice } from '@/lib/format';
import { formatQuoteDateTime } from '@/lib/quotes/format';
import type { QuoteStatus } from '@/lib/quotes/status';
import { cn } from '@/lib/utils';
import type { QuoteDetail } from '@/lib/quotes/types';
import { ColumnHeaders, right } from '@/components/ui/table';

/**
 * The read-only parts of a quote's pages (server components), shared by the guest link
 * (/orcamento), the account (/dashboard/quotes/{id}) and staff (/admin/quotes/{id}): the state
 * badge, the lines with their prices once answered, the totals, the thread and the history.
 * Whoever renders them already holds a `QuoteDetail` read with its own access (a guest's lines
 * carry no list price; `showListPrice` is for staff only).
 */

const TONES: Record<QuoteStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  answered: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
  withdrawn: 'bg-red-100 text-red-900',
};

export async function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const t = await getTranslations('Quotes.status');
  return (
    <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-bold tracking-wide', TONES[status])} data-testid="quote-status" data-status={status}>
      {t(status)}
    </span>
  );
}

/** The lines; prices (net unit, IVA, total with IVA) once answered; staff also see the customer's list price. */
export async function QuoteLines({ quote, showListPrice = false }: { quote: QuoteDetail; showListPrice?: boolean }) {
  const t = await getTranslations('QuotesPage.detail');
  const priced = quote.lines.some((l) => l.unit_price !== null);
  return (
    <section aria-labelledby="quote-lines" className="space-y-3">
      <h2 id="quote-lines" className="text-xl font-bold text-slate-900">
        {t('lines')}
      </h2>
      <div role="region" aria-labelledby="quote-lines" tabIndex={0} className="overflow-x-auto rounded-xl border bg-white focus-visible:ring-2 focus-visible:ring-sky-500">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <ColumnHeaders
              cellClassName="px-3 py-2 font-semibold"
              columns={['#', t('product'), t('quantity'), showListPrice && right(t('listPrice')), ...(priced ? [right(t('unitPrice')), right(t('vat')), right(t('lineTotal'))] : [])]}
            />
          </thead>
          <tbody className="divide-y">
            {quote.lines.map((l) => (
              <tr key={l.position} data-testid="quote-line">
                <td className="px-3 py-2 align-top text-slate-500">{l.position}</td>
                <td className="px-3 py-2 align-top">
                  <span className="font-medium text-slate-900">{l.product_name}</span>
                  {/* Finish, size: once each (lib/cart/line-label); the package is in the quantity column. */}
                  {lineVariantText({ productName: l.product_name, modelName: l.model_name, size: l.size }) && (
                    <span className="block text-sm text-slate-800" data-testid="line-variant">
                      {lineVariantText({ productName: l.product_name, modelName: l.model_name, size: l.size })}
                    </span>
                  )}
                  <span className="block text-xs text-slate-600">
                    {t('code')} <span className="font-mono">{l.model_code}</span>
                  </span>
                </td>
                <td className="px-3 py-2 align-top">{t('packages', { packages: l.packages, package: l.package_type, units: l.units })}</td>
                {showListPrice && <td className="px-3 py-2 text-right align-top">{l.list_unit_price === null ? '—' : formatUnitPrice(l.list_unit_price)}</td>}
                {priced && (
                  <>
                    <td className="px-3 py-2 text-right align-top" data-testid="quote-line-unit-price">
                      {l.unit_price === null ? '—' : formatUnitPrice(l.unit_price)}
                    </td>
                    <td className="px-3 py-2 text-right align-top">
                      {l.tax === null ? '—' : formatPrice(l.tax)} <span className="text-xs text-slate-500">({formatPercent(l.tax_rate)})</span>
                    </td>
                    <td className="px-3 py-2 text-right align-top font-semibold">{l.total_price_with_tax === null ? '—' : formatPrice(l.total_price_with_tax)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!priced && !showListPrice && quote.status === 'requested' && <p className="text-sm text-slate-600">{t('waiting')}</p>}
    </section>
  );
}

/** Net goods, IVA, shipping and the total; nothing until answered. */
export async function QuoteTotals({ quote }: { quote: QuoteDetail }) {
  if (!quote.totals) return null;
  const t = await getTranslations('QuotesPage.detail');
  const rows: [string, string, string?][] = [
    [t('subtotal'), formatPrice(quote.totals.subtotal)],
    [t('tax'), formatPrice(quote.totals.tax)],
    [t('shipping'), quote.totals.shipping > 0 ? formatPrice(quote.totals.shipping) : t('noShipping')],
  ];
  return (
    <dl className="ml-auto w-full max-w-sm space-y-1 rounded-xl border bg-white p-4 text-sm" data-testid="quote-totals">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t pt-2 text-base font-bold">
        <dt>{t('total')}</dt>
        <dd data-testid="quote-total">{formatPrice(quote.totals.total)}</dd>
      </div>
    </dl>
  );
}

/** The messages of the quote, oldest first; `side` says whose words are 'Você'. */
export async function QuoteThread({ quote, side, children }: { quote: QuoteDetail; side: 'customer' | 'staff'; children?: React.ReactNode }) {
  const t = await getTranslations('QuotesPage.detail');
  const authorLabel = (author: 'customer' | 'staff') => (author === side ? t('you') : author === 'staff' ? t('fromStaff') : t('fromCustomer'));
  return (
    <section aria-labelledby="quote-thread" className="space-y-3">
      <h2 id="quote-thread" className="text-xl font-bold text-slate-900">
        {t('thread')}
      </h2>
      {quote.messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noMessages')}</p>
      ) : (
        <ol className="space-y-3" data-testid="quote-messages">
          {quote.messages.map((m) => (
            <li key={m.id} className={cn('rounded-xl border p-3 text-sm', m.author === 'staff' ? 'border-sky-200 bg-sky-50' : 'bg-white')} data-testid="quote-message">
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-800">{authorLabel(m.author)}</span> · <time dateTime={m.at}>{formatQuoteDateTime(m.at)}</time>
                {m.line_position !== null ? ` · ${t('aboutLine', { position: m.line_position })}` : ''}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
  );
}

/** Who made a change, in words (ids of people are not shown). */
function actorKind(actor: string): 'actorStaff' | 'actorCustomer' | 'actorSystem' {
  if (actor.startsWith('staff:')) return 'actorStaff';
  if (actor === 'system') return 'actorSystem';
  return 'actorCustomer';
}

export async function QuoteHistory({ quote }: { quote: QuoteDetail }) {
  const t = await getTranslations('QuotesPage.detail');
  const status = await getTranslations('Quotes.status');
  return (
    <section aria-labelledby="quote-history" className="space-y-3">
      <h2 id="quote-history" className="text-xl font-bold text-slate-900">
        {t('history')}
      </h2>
      <ol className="space-y-1 text-sm text-slate-700" data-testid="quote-history">
        {quote.history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at} className="text-slate-500">
              {formatQuoteDateTime(h.at)}
            </time>{' '}
            — {h.from ? t('moved', { from: status(h.from), to: status(h.to) }) : t('created')} ({t(actorKind(h.actor))})
            {h.note === 'revision' ? ` · ${t('revision')}` : h.note ? ` · «${h.note}»` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
