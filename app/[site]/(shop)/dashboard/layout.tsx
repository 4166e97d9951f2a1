import Image from 'next/image';
import { NextIntlClientProvider } from 'next-intl';
import { clientMessages } from '@/lib/i18n/client-messages';
import { AccountNav } from '@/components/account/account-nav';
import { ViewerBadge } from '@/components/account/viewer-badge';
import { ViewerSync } from '@/components/auth/auth-provider';
import { getViewer } from '@/server/auth/session';

/** Up to two initials of a name (the avatar placeholder). */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters
    .map((p) => Array.from(p ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase('pt-PT');
}

/**
 * The frame of the account area (spec 2.3, 'A minha conta'): heading, who is signed in and the
 * side navigation. A layout does not know which child is shown (and is kept across navigations),
 * so it gates nothing: every page calls `requirePageAccess` with its own path first. The viewer
 * is read here only for display.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  return (
    <NextIntlClientProvider messages={clientMessages(['Account'])}>
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
        <ViewerSync viewer={viewer} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          A minha conta
        </h1>
        {/* One column below lg that never grows past the screen (the account menu scrolls sideways inside it). */}
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="min-w-0 space-y-4">
            {viewer && (
              <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
                {viewer.avatarUrl ? (
                  <Image
                    src={viewer.avatarUrl}
                    alt=""
                    width={48}
                    height={48}
                    unoptimized
                    className="size-12 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden
                    className="flex size-12 shrink-0 items-center justify-center rounded-full bg-sky-100 font-semibold text-sky-900"
                  >
                    {initials(viewer.displayName)}
                  </span>
                )}
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{viewer.displayName}</p>
                  <ViewerBadge badge={viewer.badge} className="mt-1" />
                </div>
              </div>
            )}
            <AccountNav />
          </aside>
          <div className="min-w-0">{children}</div>
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
