'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { JOB_LIST_NAME_MAX } from '@/lib/validation/job-lists';

/** Rename and delete one list (the list page's header). */
export function JobListHeaderActions({ listId, name }: { listId: number; name: string }) {
  const t = useTranslations('JobLists');
  const router = useRouter();
  const [editing, setEditing] = React.useState(false);
  const [value, setValue] = React.useState(name);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  async function rename(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const res = await call('PATCH', `/api/job-lists/${listId}`, { name: value });
    setBusy(false);
    if (!res.ok) return setError(res.details?.name?.[0] ?? res.message ?? t('errorGeneric'));
    setError(null);
    setEditing(false);
    toast.success(t('renamed'));
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    const res = await call('DELETE', `/api/job-lists/${listId}`);
    setBusy(false);
    if (!res.ok) return toast.error(res.message ?? t('errorGeneric'));
    toast.success(t('deleted'));
    router.push('/dashboard/obras');
    router.refresh();
  }

  if (editing) {
    return (
      <form onSubmit={rename} noValidate className="flex w-full flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="job-list-rename">{t('nameLabel')}</Label>
          <Input
            id="job-list-rename"
            value={value}
            maxLength={JOB_LIST_NAME_MAX}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'job-list-rename-error' : undefined}
          />
          {error && (
            <p id="job-list-rename-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {t('save')}
          </Button>
          <Button type="button" variant="outline" onClick={() => setEditing(false)}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
        <PencilIcon aria-hidden />
        {t('rename')}
      </Button>
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="text-red-700">
            <Trash2Icon aria-hidden />
            {t('delete')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('delete')}</DialogTitle>
            <DialogDescription>{t('deleteConfirm', { name })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" disabled={busy} onClick={remove}>
              {t('delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
