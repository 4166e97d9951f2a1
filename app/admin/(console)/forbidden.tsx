import Link from 'next/link';
import { headers } from 'next/headers';
import { ShieldAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isStaff, requirementFor } from '@/lib/auth/permissions';
import { PATH_HEADER } from '@/lib/flags';
import { getViewer } from '@/server/auth/session';

/**
 * 403 of the admin area (spec 4 "Protected routes"): 'Admin Access Only' where the admin flag is
 * needed, 'Access Denied' where a permission is missing. A customer is told the area is for the
 * shop's staff and sent to their own account, not to the staff dashboard.
 */
export default async function AdminForbidden() {
  const path = (await headers()).get(PATH_HEADER) ?? '/admin';
  const adminOnly = requirementFor(path).kind === 'admin';
  const viewer = await getViewer();
  const customer = viewer !== null && !isStaff(viewer);
  return (
    <div className="mx-auto max-w-lg py-16 text-center" data-testid="access-denied">
      <ShieldAlertIcon aria-hidden className="mx-auto size-12 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{adminOnly ? 'Admin Access Only' : 'Access Denied'}</h1>
      <p className="mt-2 text-slate-600">
        {customer
          ? 'Esta área é para o pessoal da loja. O que é seu está em «A minha conta».'
          : adminOnly
            ? 'Esta área é reservada a administradores.'
            : 'A sua conta não tem permissão para aceder a esta página. Se precisa de acesso, fale com um administrador.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button asChild>
          {customer ? <Link href="/dashboard">A minha conta</Link> : <Link href="/admin/dashboard">Painel de gestão</Link>}
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Voltar à loja</Link>
        </Button>
      </div>
    </div>
  );
}
