'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { BookmarkPlusIcon } from 'lucide-react';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { JOB_LIST_NAME_MAX } from '@/lib/validation/job-lists';

/** A line to keep (the model picker's choice: model id, package and packages). */
export interface JobListLineDraft {
  product_id: number;
  quantity_of_packages: number;
  items_per_package?: number;
  selected_package_type?: string;
}

type Source = { cartId: string } | { line: JobListLineDraft };

const NEW = 'new';

/**
 * "Guardar numa obra": a dialog that keeps the source — the customer's cart, or one line — in
 * one of their job lists or in a new one. The lists are asked for when the dialog opens.
 */
export function SaveToJobList({ source, label }: { source: Source; label?: string }) {
  const t = useTranslations('JobLists');
  const [open, setOpen] = React.useState(false);
  const [lists, setLists] = React.useState<{ id: number; name: string }[] | null>(null);
  const [choice, setChoice] = React.useState(NEW);
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [saved, setSaved] = React.useState<{ id: number; name: string } | null>(null);

  /** Opening asks for the customer's lists (fresh each time: one may have been made elsewhere). */
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    setSaved(null);
    setError(null);
    void call<{ id: number; name: string }[]>('GET', '/api/job-lists').then((res) => {
      if (!res.ok || !res.data) return setError(res.message ?? t('errorGeneric'));
      const found = res.data;
      setLists(found);
      setChoice((c) => (c === NEW && found.length > 0 ? String(found[0]!.id) : c));
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = 'cartId' in source ? { cart_id: source.cartId } : source.line;
    let target: { id: number; name: string } | undefined;
    if (choice === NEW) {
      if (!name.trim()) {
        setBusy(false);
        return setError(t('nameRequired'));
      }
      const created = await call<{ id: number; name: string }>('POST', '/api/job-lists', { name });
      if (!created.ok || !created.data) {
        setBusy(false);
        return setError(created.details?.name?.[0] ?? created.message ?? t('errorGeneric'));
      }
      target = created.data;
    } else {
      target = lists?.find((l) => String(l.id) === choice);
    }
    if (!target) {
      setBusy(false);
      return setError(t('listNotFound'));
    }
    const res = await call('POST', `/api/job-lists/${target.id}/lines`, body);
    setBusy(false);
    if (!res.ok) return setError(res.details?.quantity_of_packages?.[0] ?? res.message ?? t('errorGeneric'));
    setSaved(target);
    toast.success(t('saved', { name: target.name }));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" data-testid="save-to-job-list">
          <BookmarkPlusIcon aria-hidden />
          {label ?? t('saveToList')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('saveToListTitle')}</DialogTitle>
          <DialogDescription>{t('saveToListDescription')}</DialogDescription>
        </DialogHeader>
        {saved ? (
          <div className="space-y-4" aria-live="polite">
            <p>{t('saved', { name: saved.name })}</p>
            <DialogFooter>
              <Button asChild variant="outline">
                <Link href={`/dashboard/obras/${saved.id}`}>{t('open')}</Link>
              </Button>
              <Button type="button" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="save-job-list">{t('chooseList')}</Label>
              <NativeSelect id="save-job-list" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={lists === null}>
                {(lists ?? []).map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
                <option value={NEW}>{t('newList')}</option>
              </NativeSelect>
            </div>
            {choice === NEW && (
              <div className="space-y-1.5">
                <Label htmlFor="save-job-list-name">{t('nameLabel')}</Label>
                <Input id="save-job-list-name" value={name} maxLength={JOB_LIST_NAME_MAX} placeholder={t('namePlaceholder')} onChange={(e) => setName(e.target.value)} />
              </div>
            )}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={busy || lists === null}>
                {t('save')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The /cart page's "Guardar o carrinho numa obra" (signed-in customers with lines only). */
export function SaveCartToJobList() {
  const cart = useOptionalCart();
  const t = useTranslations('JobLists');
  if (!cart || !cart.signedIn || !cart.cartId || cart.items.length === 0) return null;
  return (
    <div className="mt-6 flex justify-end">
      <SaveToJobList source={{ cartId: cart.cartId }} label={t('saveCart')} />
    </div>
  );
}
