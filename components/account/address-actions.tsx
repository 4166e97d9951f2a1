'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Pencil, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useMessageText } from '@/lib/forms/use-message-text';
import type { AddressLike } from '@/lib/validation/addresses';
import { deleteAddressAction, setDefaultAddressAction } from '@/server/addresses/actions';
import { AddressDialog } from './address-dialog';

export type AddressActionsAddress = AddressLike & { id: number; label: string; is_default_delivery: boolean; is_default_billing: boolean };

/**
 * The buttons of one saved address: edit (the form in a dialog), make it the default delivery or
 * billing address, and delete after a confirmation (an alert dialog; orders keep their copy).
 */
export function AddressActions({ address }: { address: AddressActionsAddress }) {
  const t = useTranslations('Account.addresses');
  const text = useMessageText();
  const router = useRouter();
  const [busy, setBusy] = React.useState<null | 'delivery' | 'billing' | 'delete'>(null);
  const [confirmOpen, setConfirmOpen] = React.useState(false);

  const setDefault = async (kind: 'delivery' | 'billing') => {
    setBusy(kind);
    try {
      const result = await setDefaultAddressAction({ id: address.id, kind });
      if (result.ok) {
        toast.success(text(result.data.message));
        router.refresh();
      } else toast.error(text(result.error.message, result.error.values));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      const result = await deleteAddressAction({ id: address.id });
      if (result.ok) {
        setConfirmOpen(false);
        toast.success(text(result.data.message));
        router.refresh();
      } else toast.error(text(result.error.message, result.error.values));
    } catch {
      toast.error(t('deleteFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <AddressDialog
        addressId={address.id}
        initial={address}
        trigger={
          <Button type="button" variant="outline" size="sm" aria-label={t('editLabel', { label: address.label })} data-testid="address-edit">
            <Pencil aria-hidden />
            {t('edit')}
          </Button>
        }
      />
      {!address.is_default_delivery && (
        <Button type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => setDefault('delivery')} aria-label={t('useForDeliveryLabel', { label: address.label })} data-testid="address-default-delivery">
          {t('useForDelivery')}
        </Button>
      )}
      {!address.is_default_billing && (
        <Button type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => setDefault('billing')} aria-label={t('useForBillingLabel', { label: address.label })} data-testid="address-default-billing">
          {t('useForBilling')}
        </Button>
      )}
      <AlertDialog open={confirmOpen} onOpenChange={(open) => busy !== 'delete' && setConfirmOpen(open)}>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy !== null} aria-label={t('deleteLabel', { label: address.label })} data-testid="address-delete">
            <Trash2 aria-hidden />
            {t('delete')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent data-testid="address-delete-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('deleteTitle', { label: address.label })}</AlertDialogTitle>
            <AlertDialogDescription>{t('deleteText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy === 'delete'}>{t('cancel')}</AlertDialogCancel>
            {/* A plain button, not AlertDialogAction: the dialog stays open until the delete is done. */}
            <Button type="button" variant="destructive" disabled={busy === 'delete'} onClick={remove} data-testid="address-delete-confirm">
              {busy === 'delete' ? t('deleting') : t('deleteConfirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
