import Link from 'next/link';
import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { linkToken, newsletterLinkMetadata, type NewsletterLinkPageProps } from '../_link-page';
import { confirmNewsletterSubscription } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

export const generateMetadata = newsletterLinkMetadata('Newsletter.confirm');

/** Landing of the link in the confirmation mail (double opt-in): confirms and thanks. */
export default async function NewsletterConfirmPage(props: NewsletterLinkPageProps) {
  const [result, t] = await Promise.all([
    confirmNewsletterSubscription(await linkToken(props)),
    getTranslations('Newsletter.confirm'),
  ]);
  const ok = result.status !== 'invalid';
  const Icon = ok ? CheckCircle2Icon : XCircleIcon;

  return (
    <div
      className="mx-auto max-w-2xl px-4 py-16 text-center"
      data-testid="newsletter-confirm"
      data-status={result.status}
    >
      <Icon aria-hidden className={`mx-auto size-14 ${ok ? 'text-green-600' : 'text-red-600'}`} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {result.status === 'confirmed'
          ? t('title')
          : result.status === 'already_confirmed'
            ? t('alreadyTitle')
            : t('invalidTitle')}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">
        {result.status === 'confirmed'
          ? t('text', { email: result.email })
          : result.status === 'already_confirmed'
            ? t('alreadyText', { email: result.email })
            : t('invalidText')}
      </p>
      {ok && <p className="mt-3 text-sm text-slate-600">{t('cancelHint')}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild className="bg-sky-700 text-white hover:bg-sky-800">
          <Link href="/produtos">{t('products')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">{t('home')}</Link>
        </Button>
      </div>
    </div>
  );
}
