'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
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
  const { run, busy } = useRefreshingAction();
  const [confirmOpen, setConfirmOpen] = React.useState(false);

  const setDefault = (kind: 'delivery' | 'billing') =>
    run(() => setDefaultAddressAction({ id: address.id, kind }), { kind, failed: 'Account.addresses.failed' });

  const remove = () =>
    run(() => deleteAddressAction({ id: address.id }), { kind: 'delete', failed: 'Account.addresses.deleteFailed', onDone: () => setConfirmOpen(false) });

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
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        busy={busy === 'delete'}
        trigger={
          <Button type="button" variant="outline" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy !== null} aria-label={t('deleteLabel', { label: address.label })} data-testid="address-delete">
            <Trash2 aria-hidden />
            {t('delete')}
          </Button>
        }
        title={t('deleteTitle', { label: address.label })}
        description={t('deleteText')}
        cancel={t('cancel')}
        confirm={busy === 'delete' ? t('deleting') : t('deleteConfirm')}
        onConfirm={() => void remove()}
        contentTestId="address-delete-dialog"
        confirmTestId="address-delete-confirm"
      />
    </div>
  );
}
