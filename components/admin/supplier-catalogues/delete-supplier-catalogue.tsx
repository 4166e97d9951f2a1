'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch } from '@/components/admin/admin-fetch';
import {
  AlertDialog,
  AlertDialogAction,
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

/** "Eliminar" with a confirmation; back to the list once deleted. */
export function DeleteSupplierCatalogue({ id, version, title }: { id: number; version: number; title: string }) {
  const t = useTranslations('Admin.SupplierCatalogues');
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const remove = async () => {
    setBusy(true);
    const result = await adminFetch(`/api/admin/supplier-catalogues/${id}?version=${version}`, { method: 'DELETE' });
    setBusy(false);
    if (result.ok) {
      toast.success(result.message ?? t('deleted'));
      router.push('/admin/supplier-catalogues');
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive" disabled={busy}>
          {busy ? t('deleting') : t('delete')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('deleteBody', { title })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => void remove()}>{t('deleteConfirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
