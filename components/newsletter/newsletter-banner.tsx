import { getTranslations } from 'next-intl/server';
import { NewsletterFormShell } from './newsletter-form-shell';

/** Full-width 'Mantenha-se Atualizado' section with the newsletter form. */
export async function NewsletterBanner() {
  const t = await getTranslations('Newsletter');
  const titleId = 'newsletter-banner-title';
  return (
    <section aria-labelledby={titleId} className="w-full bg-sky-50 py-12">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 lg:grid-cols-[2fr_3fr] lg:items-start">
        <div>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('bannerTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('bannerText')}</p>
        </div>
        <NewsletterFormShell variant="banner" idBase="newsletter-banner" />
      </div>
    </section>
  );
}
