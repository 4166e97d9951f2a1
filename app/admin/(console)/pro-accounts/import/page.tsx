import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RulesImportForm } from '@/components/admin/people/rules-import-form';
import { requirePageAccess } from '@/server/auth/session';
import { importPriceRulesAction } from '@/server/people/actions';

export const metadata: Metadata = { title: 'Importar regras de preço' };

/** Bulk price rules for many accounts (issue 14): preview, then apply, all-or-nothing. */
export default async function RulesImportPage() {
  await requirePageAccess('/admin/pro-accounts/import');
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Importar regras de preço" crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }]} />
      <section className="mb-6 rounded-xl border bg-white p-5 text-sm text-slate-700">
        <p>Uma linha por regra, com cabeçalho. Colunas:</p>
        <ul className="mt-2 list-inside list-disc">
          <li><code>nif</code> ou <code>erp</code> — a conta (NIF ou cliente ERP);</li>
          <li><code>grupo</code> — o grupo de desconto do catálogo (ex.: A1);</li>
          <li><code>percentagem</code> — o desconto, de 0 a 100 (ex.: 12,5);</li>
          <li><code>inicio</code> e <code>fim</code> — opcionais, AAAA-MM-DD ou DD/MM/AAAA.</li>
        </ul>
        <p className="mt-2">Para cada conta do ficheiro, as regras dos grupos indicados são substituídas pelas do ficheiro; os outros grupos ficam como estão. Se uma linha tiver um erro, nada é importado.</p>
      </section>
      <section className="rounded-xl border bg-white p-5">
        <RulesImportForm action={importPriceRulesAction} />
      </section>
    </div>
  );
}
