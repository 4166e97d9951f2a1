'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { AddressLike } from '@/lib/validation/addresses';
import { AddressForm } from './address-form';

/**
 * The address form in a dialog (Radix: focus moves in, Tab stays inside, Escape closes, focus
 * returns to the trigger). `trigger` is the button that opens it (a child of DialogTrigger asChild).
 * After a save the dialog closes and the page's server data is read again.
 */
export function AddressDialog({ trigger, addressId, initial }: { trigger: React.ReactElement; addressId?: number; initial?: AddressLike | null }) {
  const t = useTranslations('Account.addresses');
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" closeLabel={t('cancel')} data-testid="address-dialog">
        <DialogHeader>
          <DialogTitle>{addressId ? t('editTitle') : t('createTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('formDescription')}</DialogDescription>
        </DialogHeader>
        <AddressForm
          addressId={addressId}
          initial={initial}
          onCancel={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            router.refresh();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
