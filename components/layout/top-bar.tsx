import { getTranslations } from 'next-intl/server';
import { ClockIcon, MailIcon, PhoneIcon } from 'lucide-react';
import type { ShopInfo } from '@/lib/catalogue/types';

/** The optional 2.5 rem top bar above the header (spec 9): tagline, phone, e-mail and hours. */
export async function TopBar({
  shop,
}: {
  shop: Pick<ShopInfo, 'tagline' | 'phone' | 'email' | 'hours'>;
}) {
  const t = await getTranslations('Header');
  const hours = shop.hours[0];
  return (
    <div
      aria-label={t('topBar')}
      role="region"
      className="hidden h-[var(--topbar-height)] bg-slate-900 text-xs text-slate-300 md:block"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4">
        {shop.tagline && <p className="font-medium tracking-wide text-cyan-200">{shop.tagline}</p>}
        <ul className="ml-auto flex items-center gap-5">
          <li>
            <a
              href={`tel:${shop.phone.replace(/\s/g, '')}`}
              className="inline-flex items-center gap-1.5 rounded hover:text-white focus-visible:ring-2 focus-visible:ring-sky-400 focus-visible:outline-none"
            >
              <PhoneIcon aria-hidden className="size-3.5" />
              <span className="sr-only">{t('phone')}:</span>
              {shop.phone}
            </a>
          </li>
          <li>
            <a
              href={`mailto:${shop.email}`}
              className="inline-flex items-center gap-1.5 rounded hover:text-white focus-visible:ring-2 focus-visible:ring-sky-400 focus-visible:outline-none"
            >
              <MailIcon aria-hidden className="size-3.5" />
              <span className="sr-only">{t('email')}:</span>
              {shop.email}
            </a>
          </li>
          {hours && (
            <li className="hidden items-center gap-1.5 lg:inline-flex">
              <ClockIcon aria-hidden className="size-3.5" />
              {hours.days} {hours.periods.join(' · ')}
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
