import { getTranslations } from 'next-intl/server';
import { AuthProvider } from '@/components/auth/auth-provider';
import { LoginDialogSlot } from '@/components/auth/login-dialog-slot';
import { CartProvider } from '@/components/cart/cart-provider';
import { FloatingCartButton } from '@/components/cart/floating-cart-button';
import { FavouritesProvider } from '@/components/favourites/favourites-store';
import { ComingSoonProvider } from '@/components/layout/coming-soon-dialog';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { TopBar } from '@/components/layout/top-bar';
import { ALL_FLAGS_ON, flagsForSiteKey } from '@/lib/flags';
import { getShopInfo } from '@/server/shop/settings';
import { tagCurrentPage } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';

/**
 * The page frame of the shop (spec 2.6): top bar, header (transparent over the home hero),
 * content, footer, and the coming-soon dialog (opened by disabled features and by
 * `?coming-soon=1`, where proxy.ts sends the disabled routes of a production host).
 * The same for every visitor of a host (the flags come from the `[site]` segment), so it is
 * cached with the pages: the user block, the cart and everything personal load on the client.
 */
export const revalidate = 3600;

export default async function ShopLayout({ children, params }: { children: React.ReactNode; params: Promise<{ site: string }> }) {
  const { site } = await params;
  const flags = flagsForSiteKey(site) ?? ALL_FLAGS_ON;
  const [shop, t] = await Promise.all([
    getShopInfo(),
    getTranslations('Header'),
    // Every shop page shows the shop's facts; the categories menu loads the navigation itself
    // (GET /api/navigation), so it is in no page's HTML.
    tagCurrentPage(cacheTags.catalogue, cacheTags.shopSettings),
  ]);
  return (
    <AuthProvider>
      {/* The cart (spec 4) beside the session: the header's control and the floating button read it. */}
      <CartProvider>
      <ComingSoonProvider>
        {/* --nav-height: the desktop navigation row under the 5 rem header (pages that sit under the transparent header can use it). */}
        <div className="contents" style={{ '--nav-height': '2.75rem' } as React.CSSProperties}>
          <a
            href="#conteudo"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
          >
            {t('skipToContent')}
          </a>
          <TopBar shop={shop} />
          <SiteHeader shopName={shop.name} flags={flags} />
          <main id="conteudo">
            {/* The page's one favourites store, for the hearts of cards and product pages (filled on the client). */}
            <FavouritesProvider flags={flags}>{children}</FavouritesProvider>
          </main>
          <SiteFooter shop={shop} />
        </div>
        <FloatingCartButton />
        <LoginDialogSlot />
      </ComingSoonProvider>
      </CartProvider>
    </AuthProvider>
  );
}
