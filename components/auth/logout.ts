'use client';

import { isProtectedPath } from '@/lib/auth/permissions';
import { clearPersonalData } from '@/lib/pwa/client';
import { signOutAction } from '@/server/auth/actions';

/** Local storage keys of the cart (guest and personal) and of the hosted auth backend of old. */
function isSessionKey(key: string): boolean {
  return key.startsWith('cart') || key.includes('cart:') || key.includes('sb-') || key.includes('supabase');
}

/**
 * Spec 4 logout: clears the cart keys, stored session data and the offline copies, ends the server session (a session
 * already gone is tolerated), then leaves a protected page for / or reloads the current one.
 */
export async function logout(): Promise<void> {
  // Pages saved for offline use and the pages browsed: a shared computer keeps nothing of this customer.
  await clearPersonalData();
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(storage)) if (isSessionKey(key)) storage.removeItem(key);
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name && (name.includes('sb-') || name.includes('supabase'))) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
  try {
    await signOutAction({});
  } catch {
    // Offline or already signed out: the page reload below still shows the signed-out state.
  }
  // A full page load: every server-rendered piece (header, prices) forgets the session at once.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  if (isProtectedPath(window.location.pathname)) window.location.assign('/');
  else window.location.reload();
}
