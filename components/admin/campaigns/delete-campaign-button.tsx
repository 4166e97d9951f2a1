'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Trash2 } from 'lucide-react';
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
import { campaignErrorKey, CampaignServiceError, campaignService } from '@/lib/campaigns/client';

/** "Eliminar campanha" with a confirmation; back to the list once done. */
export function DeleteCampaignButton({ id, title }: { id: number; title: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await campaignService.delete(id);
      router.push('/admin/campaigns?eliminada=1');
      router.refresh();
    } catch (err) {
      setProblem(t(campaignErrorKey(err instanceof CampaignServiceError ? err.kind : 'failed', 'delete')));
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800" data-testid="campaign-delete">
          <Trash2 aria-hidden />
          Eliminar campanha
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Eliminar a campanha «{title}»?</AlertDialogTitle>
          <AlertDialogDescription>A campanha deixa de aparecer na loja e não pode ser recuperada. Os produtos ligados não são alterados.</AlertDialogDescription>
        </AlertDialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={busy} onClick={remove} data-testid="campaign-delete-confirm">
            {busy ? 'A eliminar…' : 'Eliminar'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
