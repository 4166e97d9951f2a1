'use client';

import * as React from 'react';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { Button } from '@/components/ui/button';
import { deleteSynonymAction, dismissSearchLogAction } from '@/server/admin/search-actions';

/** "Eliminar" of a synonym row, asked twice (the second click confirms). */
export function DeleteSynonymButton({ id, version, label }: { id: number; version: number; label: string }) {
  const { run: runAction, busy } = useRefreshingAction();
  const [asking, setAsking] = React.useState(false);
  const run = async () => {
    if (!asking) {
      setAsking(true);
      return;
    }
    await runAction(() => deleteSynonymAction({ id, version }), { success: 'Admin.search.deleted' });
    setAsking(false);
  };
  return (
    <Button type="button" size="sm" variant={asking ? 'destructive' : 'outline'} disabled={busy !== null} onClick={run} aria-label={asking ? `Confirmar: eliminar ${label}` : `Eliminar ${label}`}>
      {asking ? 'Confirmar' : 'Eliminar'}
    </Button>
  );
}

/** "Ignorar" of a logged search: hidden until it is searched again. */
export function DismissLogButton({ term }: { term: string }) {
  const { run: runAction, busy } = useRefreshingAction();
  const run = () => runAction(() => dismissSearchLogAction({ term }), { success: 'Admin.search.dismissed' });
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={run} aria-label={`Ignorar a pesquisa ${term}`}>
      Ignorar
    </Button>
  );
}
