'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useMessageText } from '@/lib/forms/use-message-text';
import { deleteSynonymAction, dismissSearchLogAction } from '@/server/admin/search-actions';

/** "Eliminar" of a synonym row, asked twice (the second click confirms). */
export function DeleteSynonymButton({ id, version, label }: { id: number; version: number; label: string }) {
  const router = useRouter();
  const text = useMessageText();
  const [asking, setAsking] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    if (!asking) {
      setAsking(true);
      return;
    }
    setBusy(true);
    try {
      const result = await deleteSynonymAction({ id, version });
      if (result.ok) {
        toast.success(text('Admin.search.deleted') ?? '');
        router.refresh();
      } else toast.error(text(result.error.message, result.error.values) ?? '');
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Button type="button" size="sm" variant={asking ? 'destructive' : 'outline'} disabled={busy} onClick={run} aria-label={asking ? `Confirmar: eliminar ${label}` : `Eliminar ${label}`}>
      {asking ? 'Confirmar' : 'Eliminar'}
    </Button>
  );
}

/** "Ignorar" of a logged search: hidden until it is searched again. */
export function DismissLogButton({ term }: { term: string }) {
  const router = useRouter();
  const text = useMessageText();
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await dismissSearchLogAction({ term });
      if (result.ok) {
        toast.success(text('Admin.search.dismissed') ?? '');
        router.refresh();
      } else toast.error(text(result.error.message, result.error.values) ?? '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy} onClick={run} aria-label={`Ignorar a pesquisa ${term}`}>
      Ignorar
    </Button>
  );
}
