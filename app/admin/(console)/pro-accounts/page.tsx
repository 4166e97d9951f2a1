import type { Metadata } from 'next';
import { PeoplePage, tabOf, type PeopleSearchParams } from './people-page';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Contas profissionais' };

/** /admin/pro-accounts (`manage_users`): tabs accounts / users (`?tab=users`) / requests (`?tab=requests`). */
export default async function ProAccountsPage({ searchParams }: { searchParams: Promise<PeopleSearchParams> }) {
  await requirePageAccess('/admin/pro-accounts');
  const query = await searchParams;
  return <PeoplePage tab={tabOf(query.tab)} query={query} />;
}
