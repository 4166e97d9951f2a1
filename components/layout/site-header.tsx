import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';

const NAV = [
  { href: '/produtos', key: 'products' },
  { href: '/produtos-por-marca', key: 'brands' },
  { href: '/campanhas', key: 'campaigns' },
  { href: '/sobre', key: 'about' },
  { href: '/contacto', key: 'contact' },
] as const;

export async function SiteHeader({ shopName }: { shopName: string }) {
  const t = await getTranslations('Header');
  return (
    <header className="sticky top-0 z-40 h-[var(--header-height)] border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900" aria-label={`${shopName} — ${t('home')}`}>
          <span aria-hidden className="grid size-9 place-items-center rounded-full bg-sky-700 text-white">
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M12 3c3 4 6 7.2 6 10.5A6 6 0 0 1 6 13.5C6 10.2 9 7 12 3Z" />
            </svg>
          </span>
          <span className="hidden text-base leading-tight sm:block">{shopName}</span>
        </Link>
        <nav aria-label="Navegação principal" className="ml-auto hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              {t(item.key)}
            </Link>
          ))}
          <Link href="/pro" className="rounded-md px-3 py-2 text-sm font-bold text-amber-600 hover:bg-amber-50">
            {t('pro')}
          </Link>
        </nav>
        <Button asChild variant="outline" className="ml-auto md:ml-2">
          <Link href="/login">{t('privateArea')}</Link>
        </Button>
      </div>
    </header>
  );
}
