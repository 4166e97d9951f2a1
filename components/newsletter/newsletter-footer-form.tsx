import { getTranslations } from 'next-intl/server';
import { NewsletterFormShell } from './newsletter-form-shell';

/** Compact newsletter form for the dark footer (white / slate-300 text). Success only resets it. */
export async function NewsletterFooterForm() {
  const t = await getTranslations('Newsletter');
  return (
    <div className="space-y-3 text-slate-300">
      <p className="text-sm">{t('footerText')}</p>
      <NewsletterFormShell variant="footer" idBase="newsletter-footer" />
    </div>
  );
}
