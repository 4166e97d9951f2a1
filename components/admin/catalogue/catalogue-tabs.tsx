import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/utils';

const BASE = '/admin/catalogue-management';

/** The three screens of catalogue management as tabs (server-rendered links). */
export async function CatalogueTabs({ current }: { current: 'import' | 'changes' | 'reprint' }) {
  const t = await getTranslations('Admin.Catalogue');
  const tabs = [
    { id: 'import', href: BASE, label: t('navImport') },
    { id: 'changes', href: `${BASE}/change-logs`, label: t('navChanges') },
    { id: 'reprint', href: `${BASE}/reprint-report`, label: t('navReprint') },
  ] as const;
  return (
    <nav aria-label={t('title')} className="mb-6 border-b">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              href={tab.href}
              prefetch={false}
              aria-current={tab.id === current ? 'page' : undefined}
              className={cn(
                'inline-block border-b-2 px-3 py-2 text-sm',
                tab.id === current ? 'border-sky-700 font-semibold text-sky-900' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
