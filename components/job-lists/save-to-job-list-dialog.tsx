'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { QuantityInput, useQuantityConfirm } from '@/components/cart/quantity-input';
import { checkQuantity, needsQuantityConfirmation, splitPackage } from '@/lib/cart/packages';
import type { SaveToJobListTexts } from '@/lib/job-lists/texts';
import { JOB_LIST_NAME_MAX } from '@/lib/job-lists/texts';
import { formatInteger } from '@/lib/format';

/**
 * The dialog of "Guardar numa obra", loaded only when first opened (the page ships the
 * small trigger of save-to-job-list.tsx): it keeps the customer's cart, or a model of a product
 * page, in one of their job lists or in a new one. The lists are asked for when it opens.
 */

import type { SaveSource } from './save-to-job-list';

const NEW = 'new';

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

export function SaveToJobListDialog({
  source,
  texts,
  open,
  setOpen,
  returnFocus,
}: {
  source: SaveSource;
  texts: SaveToJobListTexts;
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const [lists, setLists] = React.useState<{ id: number; name: string }[] | null>(null);
  const [choice, setChoice] = React.useState(NEW);
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [saved, setSaved] = React.useState<{ id: number; name: string } | null>(null);
  const models = 'models' in source ? source.models : [];
  const [modelId, setModelId] = React.useState(models[0] ? String(models[0].id) : '');
  const [per, setPer] = React.useState('1');
  const [packages, setPackages] = React.useState('1');
  const { ask, dialog } = useQuantityConfirm();
  const tQty = useTranslations('Cart.quantity');
  const model = models.find((m) => String(m.id) === modelId);
  const sizes = model ? [...new Set([...splitPackage(model.smallPackage), ...splitPackage(model.mediumPackage), ...splitPackage(model.largePackage)])].sort((a, b) => a - b) : [];

  /** Opening asks for the customer's lists (fresh each time: one may have been made elsewhere). */
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    void call<{ id: number; name: string }[]>('GET', '/api/job-lists').then((res) => {
      if (!live) return;
      if (!res.ok || !res.data) return setError(res.message ?? texts.errorGeneric);
      const found = res.data;
      setLists(found);
      setChoice((c) => (c === NEW && found.length > 0 ? String(found[0]!.id) : c));
    });
    return () => {
      live = false;
    };
  }, [open, texts.errorGeneric]);

  function onOpenChange(next: boolean) {
    if (next) {
      setSaved(null);
      setError(null);
    }
    setOpen(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    let body: { cart_id: string } | { product_id: number; items_per_package: number; quantity_of_packages: number };
    if ('cartId' in source) body = { cart_id: source.cartId };
    else {
      // A model's count: the shop's one quantity rule (what it refuses is said under the box, nothing is sent).
      const check = checkQuantity(packages);
      if (check.kind === 'empty') return setError(tQty('empty'));
      if (check.kind !== 'ok') return document.getElementById('save-packages')?.focus();
      const units = check.quantity * Number(per);
      if (needsQuantityConfirmation(units, null) && !(await ask({ units, name: model?.code ?? '', action: 'save' }))) return;
      body = { product_id: Number(modelId), items_per_package: Number(per), quantity_of_packages: check.quantity };
    }
    if (choice === NEW && !name.trim()) return setError(texts.nameRequired);
    setBusy(true);
    let target: { id: number; name: string } | undefined;
    if (choice === NEW) {
      const created = await call<{ id: number; name: string }>('POST', '/api/job-lists', { name });
      if (!created.ok || !created.data) {
        setBusy(false);
        return setError(created.details?.name?.[0] ?? created.message ?? texts.errorGeneric);
      }
      target = created.data;
      setLists((l) => [target!, ...(l ?? [])]);
      setChoice(String(target.id));
    } else {
      target = lists?.find((l) => String(l.id) === choice);
    }
    if (!target) {
      setBusy(false);
      return setError(texts.errorGeneric);
    }
    const res = await call('POST', `/api/job-lists/${target.id}/lines`, body);
    setBusy(false);
    if (!res.ok) return setError(res.details?.quantity_of_packages?.[0] ?? res.message ?? texts.errorGeneric);
    setSaved(target);
    // A model says which one and how many (two finishes of one tap read alike otherwise).
    toast.success(
      'product_id' in body && model
        ? fill(texts.savedModel, { model: [model.code, model.size].filter(Boolean).join(' · '), units: formatInteger(body.items_per_package * body.quantity_of_packages), name: target.name })
        : fill(texts.saved, { name: target.name }),
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={(event) => restoreFocus(event, returnFocus())}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {saved ? (
          <div className="space-y-4" aria-live="polite">
            <p>{fill(texts.saved, { name: saved.name })}</p>
            <DialogFooter>
              <Button asChild variant="outline">
                <Link href={`/dashboard/obras/${saved.id}`}>{texts.open}</Link>
              </Button>
              <Button type="button" onClick={() => setOpen(false)}>
                {texts.close}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            {'models' in source && (
              <div className="grid gap-3 sm:grid-cols-3">
                <div className="space-y-1.5 sm:col-span-3">
                  <Label htmlFor="save-model">{texts.model}</Label>
                  <NativeSelect
                    id="save-model"
                    value={modelId}
                    onChange={(e) => {
                      setModelId(e.target.value);
                      setPer('1');
                    }}
                  >
                    {models.map((m) => (
                      <option key={m.id} value={String(m.id)}>
                        {m.code}
                        {m.size ? ` — ${m.size}` : ''}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="space-y-1.5 sm:col-span-2">
                  <Label htmlFor="save-package">{texts.package}</Label>
                  <NativeSelect id="save-package" value={per} onChange={(e) => setPer(e.target.value)}>
                    <option value="1">{texts.unit}</option>
                    {sizes.map((n) => (
                      <option key={n} value={String(n)}>
                        {fill(texts.packageOf, { n: String(n) })}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="save-packages">{texts.packages}</Label>
                  <QuantityInput id="save-packages" value={packages} onValueChange={setPackages} inputClassName="w-full" />
                </div>
              </div>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="save-job-list">{texts.chooseList}</Label>
              <NativeSelect id="save-job-list" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={lists === null}>
                {(lists ?? []).map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
                <option value={NEW}>{texts.newList}</option>
              </NativeSelect>
            </div>
            {/* The name of a new list once the lists are known (no flash of it while they load). */}
            {choice === NEW && lists !== null && (
              <div className="space-y-1.5">
                <Label htmlFor="save-job-list-name">{texts.nameLabel}</Label>
                <Input id="save-job-list-name" value={name} maxLength={JOB_LIST_NAME_MAX} placeholder={texts.namePlaceholder} onChange={(e) => setName(e.target.value)} />
              </div>
            )}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={busy || lists === null}>
                {texts.save}
              </Button>
            </DialogFooter>
          </form>
        )}
        {dialog}
      </DialogContent>
    </Dialog>
  );
}

