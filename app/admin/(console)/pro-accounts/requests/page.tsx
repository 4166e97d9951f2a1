import type { Metadata } from 'next';
import { PeoplePage, type PeopleSearchParams } from '../people-page';
import { requirePageAccess } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Pedidos de acesso' };

/** /admin/pro-accounts/requests (spec 2.4): the access requests tab, pending first. */
export default async function ProAccountRequestsPage({ searchParams }: { searchParams: Promise<PeopleSearchParams> }) {
  await requirePageAccess('/admin/pro-accounts/requests');
  return <PeoplePage tab="requests" query={await searchParams} />;
}
