import type { Metadata } from 'next';
import { PeoplePage, type PeopleSearchParams } from '../people-page';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Utilizadores' };

/** /admin/pro-accounts/users (spec 2.4): the users tab of /admin/pro-accounts. */
export default async function ProAccountUsersPage({ searchParams }: { searchParams: Promise<PeopleSearchParams> }) {
  await requirePageAccess('/admin/pro-accounts/users');
  return <PeoplePage tab="users" query={await searchParams} />;
}
