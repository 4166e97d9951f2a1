'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { mergeBrandsAction } from '@/server/brands/actions';

/** "Fundir com outra marca": this brand's products move to the chosen one, this one is deleted and its address redirects. */
export function BrandMerge({ source, choices }: { source: { id: number; name: string; productCount: number }; choices: { id: number; name: string }[] }) {
  const t = useTranslations();
  const router = useRouter();
  const [target, setTarget] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const targetName = choices.find((c) => String(c.id) === target)?.name ?? '';

  const merge = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await mergeBrandsAction({ source_id: source.id, target_id: target });
      if (result.ok) {
        router.push(`/admin/brands/edit/${result.data.target.id}?fundida=1`);
        return;
      }
      const key = result.error.fieldErrors?.target_id?.[0] ?? result.error.message;
      setProblem(t.has(key) ? t(key) : t('Errors.generic'));
    } catch {
      setProblem(t('Errors.generic'));
    }
    setBusy(false);
    setOpen(false);
  };

  return (
    <section aria-labelledby="fundir" className="rounded-xl border bg-white p-5" data-testid="brand-merge">
      <h2 id="fundir" className="text-lg font-semibold text-slate-900">
        Fundir com outra marca
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Os {source.productCount} produto(s) de «{source.name}» passam para a marca escolhida, «{source.name}» é eliminada e o seu endereço passa a levar à outra marca.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor="merge-target" className="text-sm font-medium text-slate-800">
            Marca que fica
          </label>
          <NativeSelect id="merge-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Escolha uma marca…</option>
            {choices
              .filter((c) => c.id !== source.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" disabled={!target} onClick={() => setOpen(true)} data-testid="brand-merge-open">
          Fundir…
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        busy={busy}
        title={
          <>
            Fundir «{source.name}» em «{targetName}»?
          </>
        }
        description={
          <>
            Esta operação não pode ser desfeita. Os produtos passam para «{targetName}» e «{source.name}» é eliminada.
          </>
        }
        cancel="Cancelar"
        confirm={busy ? 'A fundir…' : 'Fundir'}
        onConfirm={() => void merge()}
        confirmTestId="brand-merge-confirm"
      />
    </section>
  );
}
