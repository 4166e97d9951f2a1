'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { NewsletterForm } from './newsletter-form';

/** Full-width 'Mantenha-se Atualizado' section with the newsletter form. */
export function NewsletterBanner() {
  const t = useTranslations('Newsletter');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="w-full bg-sky-50 py-12">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 lg:grid-cols-[2fr_3fr] lg:items-start">
        <div>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('bannerTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('bannerText')}</p>
        </div>
        <NewsletterForm variant="banner" />
      </div>
    </section>
  );
}
