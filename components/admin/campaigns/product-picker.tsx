'use client';

import * as React from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export interface PickedProduct {
  code: string;
  name: string;
  imageUrl: string | null;
}

interface Found {
  product_code: string;
  name: string;
  image_url: string | null;
}

/**
 * The linked products of a campaign: search the catalogue by code or name (the shop's search,
 * GET /api/products/search, 300 ms after the last keystroke, older requests aborted), add, remove
 * and reorder. The order is the one the campaign page shows.
 */
export function ProductPicker({ value, onChange, max = 500 }: { value: PickedProduct[]; onChange: (next: PickedProduct[]) => void; max?: number }) {
  const id = React.useId();
  const [term, setTerm] = React.useState('');
  const [found, setFound] = React.useState<Found[]>([]);
  const [state, setState] = React.useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const chosen = React.useMemo(() => new Set(value.map((p) => p.code)), [value]);

  React.useEffect(() => {
    const q = term.trim();
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState('loading');
      try {
        const response = await fetch(`/api/products/search?q=${encodeURIComponent(q)}&limit=10`, { signal: controller.signal, headers: { accept: 'application/json' } });
        const body = (await response.json()) as { success?: boolean; data?: Found[] };
        setFound(response.ok && body.success && Array.isArray(body.data) ? body.data : []);
        setState('done');
      } catch (err) {
        if ((err as { name?: string }).name !== 'AbortError') setState('error');
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const add = (p: Found) => {
    if (chosen.has(p.product_code) || value.length >= max) return;
    onChange([...value, { code: p.product_code, name: p.name, imageUrl: p.image_url }]);
  };
  const remove = (code: string) => onChange(value.filter((p) => p.code !== code));
  const move = (index: number, delta: number) => {
    const next = [...value];
    const target = index + delta;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  };

  return (
    <fieldset className="space-y-3 rounded-xl border bg-white p-4" data-testid="product-picker">
      <legend className="px-1 text-sm font-medium text-slate-900">Produtos da campanha ({value.length})</legend>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          Procurar no catálogo (código ou nome)
        </label>
        <Input id={`${id}-search`} type="search" value={term} onChange={(e) => {
            setTerm(e.target.value);
            if (e.target.value.trim().length < 2) {
              setFound([]);
              setState('idle');
            }
          }} placeholder="Ex.: P100001 ou torneira" autoComplete="off" aria-describedby={`${id}-status`} data-testid="product-picker-search" />
        <p id={`${id}-status`} className="text-xs text-slate-600" aria-live="polite">
          {state === 'loading' ? 'A procurar…' : state === 'error' ? 'Não foi possível pesquisar. Tente novamente.' : state === 'done' ? `${found.length} resultado(s).` : 'Escreva pelo menos 2 caracteres.'}
        </p>
      </div>
      {found.length > 0 && (
        <ul className="max-h-72 divide-y overflow-auto rounded-md border" aria-label="Resultados da pesquisa" data-testid="product-picker-results">
          {found.map((p) => (
            <li key={p.product_code} className="flex items-center gap-3 p-2">
              {/* eslint-disable-next-line @next/next/no-img-element -- small catalogue thumbnails */}
              {p.image_url ? <img src={p.image_url} alt="" width={40} height={40} className="size-10 rounded object-contain" /> : null}
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-mono text-xs text-slate-600">{p.product_code}</span> <span className="text-slate-900">{p.name}</span>
              </span>
              <Button type="button" size="sm" variant="outline" disabled={chosen.has(p.product_code)} onClick={() => add(p)} aria-label={`Adicionar ${p.product_code} ${p.name}`}>
                <Plus aria-hidden />
                {chosen.has(p.product_code) ? 'Adicionado' : 'Adicionar'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {value.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum produto ligado.</p>
      ) : (
        <ol className="divide-y rounded-md border" aria-label="Produtos ligados, por ordem" data-testid="product-picker-linked">
          {value.map((p, i) => (
            <li key={p.code} className="flex items-center gap-2 p-2">
              <span className="w-6 text-right text-xs text-slate-500">{i + 1}.</span>
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-mono text-xs text-slate-600">{p.code}</span> <span className="text-slate-900">{p.name}</span>
              </span>
              <Button type="button" size="icon" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Subir ${p.code}`}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" size="icon" variant="ghost" disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={`Descer ${p.code}`}>
                <ArrowDown aria-hidden />
              </Button>
              <Button type="button" size="icon" variant="ghost" onClick={() => remove(p.code)} aria-label={`Retirar ${p.code}`}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
