'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch } from '@/components/admin/admin-fetch';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';

/** "Eliminar" with a confirmation; back to the list once deleted. */
export function DeleteSupplierCatalogue({ id, version, title }: { id: number; version: number; title: string }) {
  const t = useTranslations('Admin.SupplierCatalogues');
  const router = useRouter();
  const remove = async () => {
    const result = await adminFetch(`/api/admin/supplier-catalogues/${id}?version=${version}`, { method: 'DELETE' });
    if (result.ok) {
      toast.success(result.message ?? t('deleted'));
      router.push('/admin/supplier-catalogues');
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive">
          {t('delete')}
        </Button>
      }
      title={t('deleteTitle')}
      description={t('deleteBody', { title })}
      cancel={t('cancel')}
      confirm={t('deleteConfirm')}
      confirmBusy={t('deleting')}
      confirmVariant="default"
      onConfirm={remove}
    />
  );
}
