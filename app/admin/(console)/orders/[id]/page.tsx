import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { describeOrderEvents } from '@/server/audit/views';
import { OrderActions } from '@/components/admin/orders/order-actions';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ListTable } from '@/components/ui/list-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import { formatPercent, formatPrice, formatUnitPrice } from '@/lib/format';
import { ORDER_STATUSES } from '@/lib/orders/status';
import type { AddressSnapshot } from '@/lib/orders/types';
import { isDbId } from '@/lib/validation/ids';
import { requirePageAccess } from '@/server/auth/session';
import { getStaffOrder } from '@/server/orders/admin';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Encomenda', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;

function Address({ a }: { a: AddressSnapshot }) {
  return (
    <address className="text-sm not-italic text-slate-800">
      {[a.name, a.nif ? `NIF ${a.nif}` : null, a.line1, a.line2, `${a.postal_code} ${a.locality}`, a.phone].filter(Boolean).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

const PAYMENT_FIELDS: Record<string, string> = {
  iban: 'IBAN',
  beneficiary: 'Beneficiário',
  reference: 'Referência',
  entity: 'Entidade',
  amount: 'Montante',
  paid_at: 'Pago em',
  paid_amount: 'Montante recebido',
  confirmed_by: 'Registado por',
  phone: 'Telemóvel',
  expires_on: 'Data limite',
};

/**
 * /admin/orders/{id} (`manage_orders`): the lines, the customer, both addresses, the
 * payment and its state, the state history (with the customer mails it sent) and the audit log;
 * the actions (next states, mark a transfer paid, cancel with a reason, the PDF).
 */
export default async function AdminOrderPage({ params }: { params: Params }) {
  const { id } = await params;
  await requirePageAccess(`/admin/orders/${encodeURIComponent(id)}`);
  if (!isDbId(id)) notFound();
  const order = await orNotFound(getStaffOrder(Number(id)));
  const [t, ts, tp, tPay] = await Promise.all([
    getTranslations('Admin.Orders'),
    getTranslations('Orders.status'),
    getTranslations('Admin.Orders.paymentStatus'),
    getTranslations('Orders.payment'),
  ]);
  const statusLabels = Object.fromEntries(ORDER_STATUSES.map((s) => [s, ts(s)]));
  const paymentStatus = typeof order.payment.status === 'string' ? order.payment.status : order.status === 'pending_payment' ? 'pending' : null;
  const mailByEvent = new Map(order.mails.map((m) => [m.eventId, m]));
  // The history in words: states by label, people by name, `payment:bank_transfer` as the method.
  const events = await describeOrderEvents(order.events);
  const pdf = `/api/admin/orders/${order.id}/pdf`;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title={`${order.number} · ${ts(order.status)}`}
        description={`${formatAdminDateTime(order.placed_at)} · ${formatPrice(order.totals.total)}`}
        crumbs={[{ label: t('title'), href: '/admin/orders' }, { label: order.number }]}
        actions={
          order.customer.userId ? (
            <>
              <a href={pdf} target="_blank" rel="noopener" className="rounded-md border bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
                {t('detail.pdf')}
              </a>
              <a href={`${pdf}?download=1`} className="rounded-md border bg-white px-3 py-1.5 text-sm hover:bg-slate-50" data-testid="order-pdf-download">
                {t('detail.pdfDownload')}
              </a>
            </>
          ) : null
        }
      />
      {order.overdue ? <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">{t('overdue')}</p> : null}

      <section aria-labelledby="acoes" className="rounded-xl border bg-white p-5">
        <h2 id="acoes" className="mb-3 text-lg font-semibold text-slate-900">
          {t('detail.actions')}
        </h2>
        <OrderActions
          orderId={order.id}
          next={order.next}
          statusLabels={statusLabels}
          canCancel={order.canCancel}
          canMarkPaid={order.canMarkPaid}
          totalLabel={formatPrice(order.totals.total)}
        />
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        <section className="rounded-xl border bg-white p-5">
          <h2 className="mb-2 font-semibold text-slate-900">{t('detail.customer')}</h2>
          <p className="text-sm text-slate-800">{order.customer.name}</p>
          <p className="text-sm text-slate-600">{order.customer.email}</p>
          {!order.customer.userId ? <p className="mt-2 text-xs text-slate-600">{t('detail.deletedCustomer')}</p> : null}
          {order.po_reference ? (
            <p className="mt-2 text-sm">
              {t('detail.poReference')}: {order.po_reference}
            </p>
          ) : null}
        </section>
        <section className="rounded-xl border bg-white p-5">
          <h2 className="mb-2 font-semibold text-slate-900">{t('detail.delivery')}</h2>
          <Address a={order.delivery_address} />
        </section>
        <section className="rounded-xl border bg-white p-5">
          <h2 className="mb-2 font-semibold text-slate-900">{t('detail.billing')}</h2>
          <Address a={order.billing_address} />
        </section>
      </div>

      <section className="rounded-xl border bg-white p-5" data-testid="order-payment">
        <h2 className="mb-2 font-semibold text-slate-900">
          {t('detail.payment')}: {tPay.has(order.payment_method) ? tPay(order.payment_method) : order.payment_method}
        </h2>
        <p className="mb-2 text-sm">
          {t('detail.paymentState')}: <strong>{paymentStatus && tp.has(paymentStatus) ? tp(paymentStatus) : '—'}</strong>
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {Object.entries(order.payment)
            .filter(([k, v]) => PAYMENT_FIELDS[k] && v !== null && v !== '')
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{PAYMENT_FIELDS[k]}</dt>
                <dd>{k === 'amount' || k === 'paid_amount' ? formatPrice(Number(v)) : k === 'paid_at' ? formatAdminDateTime(String(v)) : String(v)}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section className="overflow-x-auto rounded-xl border bg-white p-5">
        <h2 className="mb-2 font-semibold text-slate-900">{t('detail.lines')}</h2>
        <ListTable
          density="compact"
          framed={false}
          headClassName="text-slate-600"
          columns={[t('detail.code'), t('detail.product'), t('detail.quantity'), { label: t('detail.unitPrice'), align: 'right' }, { label: t('detail.discount'), align: 'right' }, { label: t('detail.lineTotal'), align: 'right' }]}
        >
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.position} className="border-t align-top">
                <td className="py-1 pr-2 font-mono text-xs">{l.model_code}</td>
                <td className="py-1 pr-2">
                  {l.model_name}
                  {l.size ? ` (${l.size})` : ''}
                </td>
                <td className="py-1 pr-2">
                  {l.packages} × {l.package_type} ({l.units})
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatUnitPrice(l.unit_price)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{l.discount_percentage > 0 ? formatPercent(l.discount_percentage) : '—'}</td>
                <td className="py-1 text-right tabular-nums">{formatPrice(l.total_price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t text-sm">
            {[
              [t('detail.goods'), order.totals.subtotal],
              [t('detail.tax'), order.totals.tax],
              [t('detail.shipping'), order.totals.shipping],
              [t('detail.total'), order.totals.total],
            ].map(([label, value]) => (
              <tr key={String(label)}>
                <td colSpan={5} className="py-0.5 pr-2 text-right text-slate-600">
                  {label}
                </td>
                <td className="py-0.5 text-right font-medium tabular-nums">{formatPrice(Number(value))}</td>
              </tr>
            ))}
          </tfoot>
        </ListTable>
        {order.notes ? (
          <p className="mt-3 text-sm">
            <span className="font-medium">{t('detail.notes')}:</span> {order.notes}
          </p>
        ) : null}
      </section>

      <section className="rounded-xl border bg-white p-5" data-testid="order-history">
        <h2 className="mb-2 font-semibold text-slate-900">{t('detail.history')}</h2>
        <ol className="space-y-2">
          {events.map((h) => {
            const mail = mailByEvent.get(h.id);
            return (
              <li key={h.id} className="border-l-2 border-slate-200 pl-3 text-sm" data-testid="order-event">
                <span className="font-medium">{h.words.change}</span> · {h.words.actor} · <time dateTime={h.at}>{formatAdminDateTime(h.at)}</time>
                {h.words.note ? <span className="block text-slate-600">{h.words.note}</span> : null}
                {mail ? <span className="block text-xs text-slate-600">{mail.sentAt ? `${t('detail.mailSent')} (${formatAdminDateTime(mail.sentAt)})` : t('detail.mailPending')}</span> : null}
              </li>
            );
          })}
        </ol>
      </section>

      <AuditHistory entries={await listAuditInWords('order', order.id, { status: 'Estado', payment: 'Pagamento' })} />
    </div>
  );
}
