'use client';

import { useTranslations } from 'next-intl';
import { NewsletterForm } from './newsletter-form';

/** Compact newsletter form for the dark footer (white / slate-300 text). Success only resets it. */
export function NewsletterFooterForm() {
  const t = useTranslations('Newsletter');
  return (
    <div className="space-y-3 text-slate-300">
      <p className="text-sm">{t('footerText')}</p>
      <NewsletterForm variant="footer" />
    </div>
  );
}
