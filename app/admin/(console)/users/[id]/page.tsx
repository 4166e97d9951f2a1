import { permanentRedirect } from 'next/navigation';

type Params = Promise<{ id: string }>;

/** /admin/users/{id} → /admin/pro-accounts/users/{id} (spec 2.2; proxy.ts answers it first). */
export default async function AdminUserRedirect({ params }: { params: Params }) {
  const { id } = await params;
  permanentRedirect(`/admin/pro-accounts/users/${encodeURIComponent(id)}`);
}
