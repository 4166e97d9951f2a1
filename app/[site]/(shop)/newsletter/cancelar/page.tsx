import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { NewsletterUnsubscribeForm } from '@/components/newsletter/newsletter-unsubscribe-form';
import { Button } from '@/components/ui/button';
import { linkToken, newsletterLinkMetadata, type NewsletterLinkPageProps } from '../_link-page';
import { getNewsletterSubscriptionByUnsubscribeToken } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

export const generateMetadata = newsletterLinkMetadata('Newsletter.unsubscribe');

/**
 * The unsubscribe link of every newsletter mail. Opening it changes nothing (mail scanners open
 * links too): the person confirms with a button.
 */
export default async function NewsletterUnsubscribePage(props: NewsletterLinkPageProps) {
  const value = await linkToken(props);
  const [subscription, t] = await Promise.all([
    getNewsletterSubscriptionByUnsubscribeToken(value),
    getTranslations('Newsletter.unsubscribe'),
  ]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="newsletter-unsubscribe">
      {!subscription || !value ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('invalidTitle')}</h1>
          <p className="mt-4 text-lg text-slate-700">{t('invalidText')}</p>
        </>
      ) : subscription.status === 'unsubscribed' ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('doneTitle')}</h1>
          <p className="mt-4 text-lg text-slate-700">{t('alreadyText')}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-4 text-lg text-slate-700">
            {t('text', { email: subscription.maskedEmail })}
          </p>
          <NewsletterUnsubscribeForm token={value} className="mt-8" />
        </>
      )}
      <div className="mt-8">
        <Button asChild variant="outline">
          <Link href="/">{t('home')}</Link>
        </Button>
      </div>
    </div>
  );
}
