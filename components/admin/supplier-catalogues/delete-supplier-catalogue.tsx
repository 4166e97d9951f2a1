'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch } from '@/components/admin/admin-fetch';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';

/** "Eliminar" with a confirmation; back to the list once deleted. */
export function DeleteSupplierCatalogue({ id, version, title }: { id: number; version: number; title: string }) {
  const t = useTranslations('Admin.SupplierCatalogues');
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const remove = async () => {
    setBusy(true);
    const result = await adminFetch(`/api/admin/supplier-catalogues/${id}?version=${version}`, { method: 'DELETE' });
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      toast.success(result.message ?? t('deleted'));
      router.push('/admin/supplier-catalogues');
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={busy}
      trigger={
        <Button type="button" variant="destructive" disabled={busy}>
          {busy ? t('deleting') : t('delete')}
        </Button>
      }
      title={t('deleteTitle')}
      description={t('deleteBody', { title })}
      cancel={t('cancel')}
      confirm={busy ? t('deleting') : t('deleteConfirm')}
      confirmVariant="default"
      onConfirm={() => void remove()}
    />
  );
}
