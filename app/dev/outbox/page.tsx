import type { Metadata } from 'next';
import { forbidden, notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { env } from '@/lib/env';
import { getViewer } from '@/server/auth/session';
import { listOutboxMails, type OutboxMail } from '@/server/mail/send';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Outbox');
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

function linksOf(mail: OutboxMail): string[] {
  return [...new Set(mail.text.match(URL_PATTERN) ?? [])];
}

const STATUS_CLASS: Record<OutboxMail['status'], string> = {
  outbox: 'bg-slate-100 text-slate-800',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

/**
 * Development outbox: the mails the shop generated, newest first, with the HTML rendered in a
 * sandboxed iframe (no scripts, no same-origin access). 404 in production unless ENABLE_DEV_OUTBOX=1;
 * only administrators may open it (mails carry confirmation and recovery links).
 */
export default async function DevOutboxPage() {
  const { NODE_ENV, ENABLE_DEV_OUTBOX, SMTP_URL } = env();
  if (NODE_ENV === 'production' && !ENABLE_DEV_OUTBOX) notFound();
  const viewer = await getViewer();
  if (!viewer) redirect(`/admin/login?next=${encodeURIComponent('/dev/outbox')}`);
  if (!viewer.isAdmin) forbidden();

  const [mails, t] = await Promise.all([
    listOutboxMails({ limit: 100 }),
    getTranslations('Outbox'),
  ]);
  const dateFormat = new Intl.DateTimeFormat('pt-PT', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Lisbon',
  });
  const statusLabel = {
    outbox: t('statusOutbox'),
    sent: t('statusSent'),
    failed: t('statusFailed'),
  } as const;

  return (
    <main className="mx-auto max-w-5xl px-4 py-10" data-testid="dev-outbox">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('intro')}</p>
      <p className="mt-2 text-sm text-slate-600">
        {SMTP_URL ? t('smtpOn') : t('smtpOff')} · {t('count', { count: mails.length })}
      </p>

      {mails.length === 0 ? (
        <p className="mt-10 rounded-md border border-dashed p-8 text-center text-slate-600">
          {t('empty')}
        </p>
      ) : (
        <ol className="mt-8 space-y-8">
          {mails.map((mail) => {
            const links = linksOf(mail);
            return (
              <li
                key={mail.id}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
                data-testid="outbox-mail"
              >
                <article aria-labelledby={`mail-${mail.id}-subject`}>
                  <h2
                    id={`mail-${mail.id}-subject`}
                    className="text-lg font-semibold text-slate-900"
                  >
                    {mail.subject}
                  </h2>
                  <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                    <dt className="font-medium text-slate-600">{t('to')}</dt>
                    <dd className="break-all">{mail.to}</dd>
                    {mail.replyTo && (
                      <>
                        <dt className="font-medium text-slate-600">{t('replyTo')}</dt>
                        <dd className="break-all">{mail.replyTo}</dd>
                      </>
                    )}
                    <dt className="font-medium text-slate-600">{t('date')}</dt>
                    <dd>
                      <time dateTime={mail.createdAt.toISOString()}>
                        {dateFormat.format(mail.createdAt)}
                      </time>
                    </dd>
                    <dt className="font-medium text-slate-600">{t('status')}</dt>
                    <dd>
                      <span
                        className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[mail.status]}`}
                      >
                        {statusLabel[mail.status]}
                      </span>
                      {mail.error && (
                        <span className="ml-2 text-red-700">
                          {t('error')}: {mail.error}
                        </span>
                      )}
                    </dd>
                  </dl>
                  {links.length > 0 && (
                    <div className="mt-4">
                      <h3 className="text-sm font-semibold text-slate-900">{t('links')}</h3>
                      <ul className="mt-1 space-y-1 text-sm">
                        {links.map((href) => (
                          <li key={href} className="break-all">
                            <a href={href} className="text-sky-800 underline underline-offset-2">
                              {href}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('htmlVersion')}</h3>
                  <iframe
                    title={t('previewTitle', { id: mail.id })}
                    sandbox=""
                    srcDoc={mail.html}
                    referrerPolicy="no-referrer"
                    loading="lazy"
                    className="mt-2 h-96 w-full rounded border border-slate-200 bg-white"
                  />
                  <details className="mt-3">
                    <summary className="cursor-pointer text-sm font-semibold text-slate-900">
                      {t('textVersion')}
                    </summary>
                    <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-3 text-xs text-slate-800">
                      {mail.text}
                    </pre>
                  </details>
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}
