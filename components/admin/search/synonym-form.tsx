'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
import { StaleNotice } from '@/components/admin/stale-notice';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isStaleData, type StaleData } from '@/lib/admin/stale';
import { useActionForm } from '@/lib/forms/use-action-form';
import { applyFieldErrors } from '@/lib/forms/zod-resolver';
import { synonymSchema, type SynonymFormValues } from '@/lib/validation/admin-synonym';
import { saveSynonymAction } from '@/server/admin/search-actions';

const LABELS: Record<string, string> = { kind: 'Tipo', terms: 'Termos', targets: 'Encontra também', active: 'Ativo', notes: 'Notas' };

/**
 * The synonym form of /admin/search: two-way groups (every term finds the others) or one-way
 * (the terms typed also find the targets). Validated by the same zod schema as the server action;
 * a save over a newer version shows the differences (StaleNotice).
 */
export function SynonymForm({ initial, builtin }: { initial: SynonymFormValues; builtin?: boolean }) {
  const router = useRouter();
  const [stale, setStale] = React.useState<StaleData | null>(null);
  const editing = initial.id !== undefined && initial.id !== '';
  const { form, text, submit, fieldError: err, problemText, setProblem } = useActionForm<SynonymFormValues>({
    schema: synonymSchema,
    defaultValues: initial,
    failed: { message: 'Errors.generic' },
  });
  const { register, control, reset, setError, setValue, getValues } = form;
  const { isSubmitting } = form.formState;
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = submit(
    (values) => {
      setStale(null);
      return saveSynonymAction(values);
    },
    {
      onSuccess: (data) => {
        toast.success(text(data.created ? 'Admin.search.created' : 'Admin.search.saved') ?? '');
        // The action revalidated /admin/search: this navigation renders the list afresh.
        router.push('/admin/search');
      },
      onRefused: (error) => {
        if (error.code === 'conflict' && isStaleData(error.data)) setStale(error.data);
        // Field errors go under their fields; anything else (or a refusal besides them) above the form.
        else if (!applyFieldErrors(error.fieldErrors, setError) || error.code !== 'bad_request') setProblem(error);
        return true;
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="formulario-titulo" data-testid="synonym-form">
      <h2 id="formulario-titulo" className="text-lg font-semibold text-slate-900">
        {editing ? 'Editar sinónimo' : 'Novo sinónimo'}
      </h2>
      {builtin ? <p className="text-sm text-slate-600">Grupo do vocabulário fornecido: depois de editado, não volta a ser atualizado pelo vocabulário.</p> : null}
      {stale ? (
        <StaleNotice
          stale={stale}
          mine={{ ...getValues() }}
          labels={LABELS}
          onReload={() => {
            const c = stale.current as Record<string, unknown>;
            reset({ ...getValues(), kind: c.kind as SynonymFormValues['kind'], terms: String(c.terms ?? ''), targets: String(c.targets ?? ''), active: c.active === true, notes: String(c.notes ?? ''), version: stale.version });
            setStale(null);
          }}
          onKeepMine={() => {
            setValue('version', stale.version);
            setStale(null);
          }}
        />
      ) : null}
      <FormAlert message={problemText} />
      <input type="hidden" {...register('id')} />
      <input type="hidden" {...register('version')} />
      <Field id="syn-kind" label="Tipo" error={err('kind')} required>
        <NativeSelect {...register('kind')}>
          <option value="two_way">Nos dois sentidos (todos os termos se encontram)</option>
          <option value="one_way">Num só sentido (os termos encontram os destinos)</option>
        </NativeSelect>
      </Field>
      <Field id="syn-terms" label={kind === 'one_way' ? 'Termos pesquisados' : 'Termos equivalentes'} error={err('terms')} description="Um por linha ou separados por vírgulas, por exemplo: pio, lava-louça." required>
        <Textarea rows={3} {...register('terms')} />
      </Field>
      {kind === 'one_way' ? (
        <Field id="syn-targets" label="Encontra também" error={err('targets')} description="As palavras do catálogo que estes termos devem encontrar." required>
          <Textarea rows={2} {...register('targets')} />
        </Field>
      ) : null}
      <div className="flex items-center gap-2">
        <input id="syn-active" type="checkbox" className="size-4" {...register('active')} />
        <label htmlFor="syn-active" className="text-sm text-slate-900">
          Ativo (usado pela pesquisa)
        </label>
      </div>
      <Field id="syn-notes" label="Notas" error={err('notes')}>
        <Textarea rows={2} {...register('notes')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} pendingLabel="A gravar…">
          {editing ? 'Gravar alterações' : 'Criar sinónimo'}
        </SubmitButton>
        {editing ? (
          <Button type="button" variant="outline" onClick={() => router.push('/admin/search')}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}
