'use server';
import 'server-only';
import { revalidateAdminPage } from '@/server/admin/revalidate';
import { searchLogTermSchema, synonymRefSchema, synonymSchema } from '@/lib/validation/admin-synonym';
import { validatedAction } from '@/server/actions/validated-action';
import { deleteSynonym, dismissSearchLogTerm, saveSynonym } from './search';

/**
 * The writes of /admin/search (search tuning), permission `manage_products` (editor and
 * admin; a viewer is refused): create or update a synonym group, delete one, dismiss a logged
 * search. Each is audited and takes effect at once (server/admin/search.ts).
 * Only async functions may be exported from a 'use server' file.
 */

const ACCESS = { session: 'required', permission: 'manage_products' } as const;

export const saveSynonymAction = validatedAction({ ...ACCESS, schema: synonymSchema }, async (data, { viewer }) => {
  const saved = await saveSynonym(data, viewer);
  // The browser's copy of /admin/search is dropped: the list it goes back to shows the change.
  revalidateAdminPage('/admin/search');
  return { id: saved.id, version: saved.version, created: data.id === undefined };
});

export const deleteSynonymAction = validatedAction({ ...ACCESS, schema: synonymRefSchema }, async (data, { viewer }) => {
  await deleteSynonym(data.id, data.version, viewer);
  revalidateAdminPage('/admin/search');
  return { id: data.id };
});

export const dismissSearchLogAction = validatedAction({ ...ACCESS, schema: searchLogTermSchema }, async (data, { viewer }) => {
  await dismissSearchLogTerm(data.term, viewer);
  revalidateAdminPage('/admin/search');
  return { term: data.term };
});
