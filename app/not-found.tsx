import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-bold text-sky-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="text-slate-600">{t('text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">{t('home')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/produtos">{t('products')}</Link>
        </Button>
      </div>
    </main>
  );
}
