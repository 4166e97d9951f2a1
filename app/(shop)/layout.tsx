import { getTranslations } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { getShopInfo } from '@/server/shop/settings';

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  const [shop, t] = await Promise.all([getShopInfo(), getTranslations('Header')]);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader shopName={shop.name} />
      <main id="conteudo">{children}</main>
      <SiteFooter shop={shop} />
    </>
  );
}
