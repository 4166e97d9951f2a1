import { getTranslations } from 'next-intl/server';
import { NewsletterFormLoader } from './newsletter-form-loader';
import { NewsletterFormMarkup, newsletterFormTexts, type NewsletterVariant } from './newsletter-form-markup';

/**
 * The newsletter form of the footer and the home banner: rendered here as a plain form, with no
 * client code on the page but a small loader that brings the interactive form
 * (newsletter-form.tsx) when the form is first approached, focused or submitted. `idBase` must be
 * unique in the page (one footer form, one banner).
 */
export async function NewsletterFormShell({ variant, idBase, className }: { variant: NewsletterVariant; idBase: string; className?: string }) {
  const t = await getTranslations('Newsletter');
  return (
    <NewsletterFormLoader variant={variant} idBase={idBase} className={className}>
      <NewsletterFormMarkup
        variant={variant}
        idBase={idBase}
        className={className}
        texts={newsletterFormTexts(t, variant)}
      />
    </NewsletterFormLoader>
  );
}
