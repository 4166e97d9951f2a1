import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CheckCircle2 } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { Button } from '@/components/ui/button';
import { ALL_FLAGS_ON, flagsForSiteKey } from '@/lib/flags';
import { QUOTE_NUMBER_PATTERN } from '@/lib/quotes/status';
import { pageMetadata } from '@/lib/seo';
import { getViewer } from '@/server/auth/session';

/** Rendered per request: the number comes from the query, the next steps from the session. */
export const dynamic = 'force-dynamic';

const PAGE_PATH = '/quote-success';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('QuotesPage.success');
  return pageMetadata({ title: t('metaTitle'), description: t('metaDescription'), path: PAGE_PATH, noindex: true });
}

type SearchParams = Promise<{ number?: string | string[] }>;

/**
 * /quote-success?number=OR-YYYY-NNNNNN (spec 2.1): the confirmation of a quote request
 * with its number and what happens next — an answer by e-mail, usually in 1–2 working days; a
 * guest follows it through the private link of the acknowledgement mail, a customer in
 * /dashboard/quotes. Nothing is read from the database: the number is the query's, shown only
 * when it has the shape of a quote number (otherwise a neutral confirmation). Open on every host.
 */
export default async function QuoteSuccessPage({ searchParams, params }: { searchParams: SearchParams; params: Promise<{ site: string }> }) {
  const [t, viewer, { site }, query] = await Promise.all([getTranslations('QuotesPage.success'), getViewer(), params, searchParams]);
  const flags = flagsForSiteKey(site) ?? ALL_FLAGS_ON;
  const raw = typeof query.number === 'string' ? query.number.trim() : null;
  const number = raw && QUOTE_NUMBER_PATTERN.test(raw) && raw.length <= 20 ? raw : null;
  const accountArea = Boolean(viewer) && (flags.ENABLE_DASHBOARD || viewer?.isAdmin);

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8">
      <Breadcrumbs items={[{ label: t('crumb') }]} />
      <div className="mt-6 flex items-start gap-3">
        <CheckCircle2 aria-hidden className="mt-1 size-8 shrink-0 text-emerald-600" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900" data-testid="quote-success-title">
            {number ? t('title', { number }) : t('titleNeutral')}
          </h1>
          <p className="mt-2 text-slate-700">{t('thanks')}</p>
        </div>
      </div>

      {number && (
        <dl className="mt-6 rounded-xl border bg-white p-5">
          <dt className="text-sm text-slate-600">{t('number')}</dt>
          <dd className="font-mono text-lg font-semibold text-slate-900" data-testid="quote-number">
            {number}
          </dd>
        </dl>
      )}

      <section aria-labelledby="next-steps" className="mt-8">
        <h2 id="next-steps" className="text-xl font-bold text-slate-900">
          {t('next')}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
          <li>{t('stepReview')}</li>
          <li>{t('stepAnswer')}</li>
          <li>{viewer ? t('stepCustomer') : t('stepGuest')}</li>
        </ol>
      </section>

      <div className="mt-8 flex flex-wrap gap-3">
        {accountArea && (
          <Button asChild>
            <Link href="/dashboard/quotes" prefetch={false}>
              {t('myQuotes')}
            </Link>
          </Button>
        )}
        <Button asChild variant={accountArea ? 'outline' : 'default'}>
          <Link href="/produtos">{t('products')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/cart" prefetch={false}>
            {t('cart')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
