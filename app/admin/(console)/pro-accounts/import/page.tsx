import type { Metadata } from 'next';
import { ImportFormatHelp } from '@/components/admin/imports/import-format';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RulesImportForm } from '@/components/admin/people/rules-import-form';
import { requirePageAccess } from '@/server/auth/session';
import { importPriceRulesAction } from '@/server/people/actions';

export const metadata: Metadata = { title: 'Importar regras de preço' };

/**
 * Bulk price rules for many accounts: preview, then apply, all-or-nothing for badly
 * written lines; lines of accounts the shop does not have are skipped and listed. The
 * file's columns and its template are on the screen.
 */
export default async function RulesImportPage() {
  await requirePageAccess('/admin/pro-accounts/import');
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Importar regras de preço" crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }]} />
      <section className="rounded-xl border bg-white p-5">
        <RulesImportForm action={importPriceRulesAction} />
      </section>
      <section className="mt-6 rounded-xl border bg-white p-5 text-sm text-slate-700">
        <p className="mb-4">Para cada conta do ficheiro, as regras dos grupos indicados são substituídas pelas do ficheiro; os outros grupos ficam como estão.</p>
        <ImportFormatHelp format="price-rules" />
      </section>
    </div>
  );
}
