'use client';

import { LogOutIcon } from 'lucide-react';
import { logout } from '@/components/auth/logout';

/** "Terminar sessão" of the admin area's user block (spec 4 logout: from a protected page to /). */
export function AdminSignOut() {
  return (
    <button
      type="button"
      onClick={() => void logout()}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-700"
    >
      <LogOutIcon aria-hidden className="size-4" />
      Terminar sessão
    </button>
  );
}
