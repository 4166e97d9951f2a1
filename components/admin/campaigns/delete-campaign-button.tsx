'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { campaignErrorKey, CampaignServiceError, campaignService } from '@/lib/campaigns/client';

/** "Eliminar campanha" with a confirmation; back to the list once done. */
export function DeleteCampaignButton({ id, title }: { id: number; title: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [problem, setProblem] = React.useState<string | null>(null);

  const remove = async () => {
    setProblem(null);
    try {
      await campaignService.delete(id);
      router.push('/admin/campaigns?eliminada=1');
      router.refresh();
    } catch (err) {
      setProblem(t(campaignErrorKey(err instanceof CampaignServiceError ? err.kind : 'failed', 'delete')));
    }
    // Left open: on success the list replaces the page, on a refusal the dialog shows why.
    return false;
  };

  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800" data-testid="campaign-delete">
          <Trash2 aria-hidden />
          Eliminar campanha
        </Button>
      }
      title={<>Eliminar a campanha «{title}»?</>}
      description="A campanha deixa de aparecer na loja e não pode ser recuperada. Os produtos ligados não são alterados."
      problem={problem}
      cancel="Cancelar"
      confirm="Eliminar"
      confirmBusy="A eliminar…"
      onConfirm={remove}
      confirmTestId="campaign-delete-confirm"
    />
  );
}
