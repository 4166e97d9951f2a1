import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { FeatureFlags } from '@/lib/flags';
import { cn } from '@/lib/utils';
import { CartButton } from './cart-button';
import { CategoriesMenu } from './categories-menu';
import { FavoritesButton } from './favorites-button';
import { HeaderFrame, type HeaderFrameProps } from './header-frame';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';
import { UserBlock } from './user-block';

const iconButton =
  'inline-grid size-10 shrink-0 place-items-center rounded-full text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-950 focus-visible:ring-[3px] focus-visible:ring-sky-500/60 ' +
  'group-data-[transparent=true]/header:text-white group-data-[transparent=true]/header:hover:bg-white/15';

export interface SiteHeaderProps {
  shopName: string;
  /** Feature flags of the request (server/flags `getFeatureFlags()`). */
  flags: FeatureFlags;
  /** 'home' (default): transparent over the home hero only. */
  transparent?: HeaderFrameProps['transparent'];
  position?: HeaderFrameProps['position'];
}

/**
 * The shop header (spec 2.6): categories sidebar toggle, logo, search with suggestions,
 * favourites, cart with its badge and the user block, then the main navigation on desktop; on a
 * phone the search field is the header's second row.
 * A server component; the interactive parts are small client leaves.
 */
export async function SiteHeader({
  shopName,
  flags,
  transparent,
  position,
}: SiteHeaderProps) {
  const t = await getTranslations('Header');
  return (
    <HeaderFrame transparent={transparent} position={position}>
      <div className="mx-auto flex h-[var(--header-height)] max-w-7xl items-center gap-2 px-4 md:gap-4">
        <CategoriesMenu
          className={cn(
            iconButton,
            'lg:inline-flex lg:w-auto lg:gap-2 lg:px-3 lg:text-sm lg:font-medium',
          )}
        />
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-slate-900 outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/60 group-data-[transparent=true]/header:text-white"
          aria-label={`${shopName} — ${t('home')}`}
        >
          <span
            aria-hidden
            className="grid size-9 place-items-center rounded-full bg-sky-700 text-white"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M12 3c3 4 6 7.2 6 10.5A6 6 0 0 1 6 13.5C6 10.2 9 7 12 3Z" />
            </svg>
          </span>
          <span className="max-w-32 text-sm leading-tight sm:max-w-40 sm:text-base xl:max-w-none">
            {shopName}
          </span>
        </Link>
        <SearchBox className="hidden md:block md:max-w-xl md:flex-1 lg:mx-4" />
        <div className="ml-auto flex items-center gap-1">
          <FavoritesButton flags={flags} className={cn(iconButton, 'hidden md:inline-grid')} />
          <CartButton className={iconButton} />
          <UserBlock
            flags={flags}
            className="ml-1 hidden h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 outline-none transition-colors hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60 md:inline-flex group-data-[transparent=true]/header:border-white/70 group-data-[transparent=true]/header:bg-white/10 group-data-[transparent=true]/header:text-white group-data-[transparent=true]/header:hover:bg-white/20"
          />
          <MobileMenu flags={flags} className={cn(iconButton, 'md:hidden')} />
        </div>
      </div>
      {/* On a phone the search field has a row of its own, not only inside the menu. */}
      <div className="h-[var(--phone-search-height)] px-4 pb-2 md:hidden" data-testid="phone-search">
        <SearchBox />
      </div>
      <div className="hidden h-[var(--nav-height)] border-t border-slate-200/80 md:block group-data-[transparent=true]/header:border-white/15">
        <MainNav className="mx-auto flex h-full max-w-7xl items-center px-2" />
      </div>
    </HeaderFrame>
  );
}
