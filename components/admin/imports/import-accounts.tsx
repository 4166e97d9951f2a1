import { useTranslations } from 'next-intl';
import type { ImportAccountsView, ImportAccountView } from '@/lib/admin/catalogue-import';

function Who({ account }: { account: ImportAccountView }) {
  const t = useTranslations('Admin.Imports.accounts');
  return (
    <>
      <span className="font-medium">{account.name}</span> <span className="text-slate-600">({account.email}{account.isAdmin ? `, ${t('admin')}` : ''})</span>
    </>
  );
}

/**
 * The demo accounts a catalogue import removes and keeps: in the preview, what
 * "Confirmar importação" will do; on the result page, what it did. Rendered on the server (the
 * result page) and in the browser (the preview).
 */
export function ImportAccounts({ accounts, done = false, headingLevel = 4 }: { accounts: ImportAccountsView; done?: boolean; headingLevel?: 3 | 4 }) {
  const t = useTranslations('Admin.Imports.accounts');
  const { remove, keep } = accounts;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={done ? 'import-accounts-done' : 'import-accounts'} className="mt-3 rounded-md border border-slate-200 p-3 text-sm" data-testid="import-accounts">
      <Heading id={done ? 'import-accounts-done' : 'import-accounts'} className="font-semibold text-slate-900">
        {t('title')}
      </Heading>
      {remove.length ? (
        <>
          <p className="mt-1 text-slate-800">{done ? t('removedIntro', { count: remove.length }) : t('removeIntro', { count: remove.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="accounts-removed">
            {remove.map((a) => (
              <li key={a.email}>
                <Who account={a} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-slate-800" data-testid="accounts-none-removed">
          {done ? t('noneWasRemoved') : t('noneRemoved')}
        </p>
      )}
      {keep.length ? (
        <>
          <p className="mt-2 text-slate-800">{done ? t('keptIntro', { count: keep.length }) : t('keepIntro', { count: keep.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="accounts-kept">
            {keep.map((a) => (
              <li key={a.email}>
                <Who account={a} /> — {t(`reason_${a.reason}`)}
              </li>
            ))}
          </ul>
          <p className="mt-2 rounded border border-amber-200 bg-amber-50 p-2 text-amber-900">{t('keptWarning')}</p>
        </>
      ) : null}
    </section>
  );
}
