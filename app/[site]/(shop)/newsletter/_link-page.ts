import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** The pages the newsletter mails link to (confirm, unsubscribe): `?token=` from the mail. */
export interface NewsletterLinkPageProps {
  searchParams: Promise<{ token?: string | string[] }>;
}

/** Their metadata: the page's own title, never indexed (the URL carries a personal token). */
export function newsletterLinkMetadata(namespace: 'Newsletter.confirm' | 'Newsletter.unsubscribe') {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations(namespace);
    return { title: t('metaTitle'), robots: { index: false, follow: false } };
  };
}

/** The token of the link, or null when there is none (or it is repeated). */
export async function linkToken({ searchParams }: NewsletterLinkPageProps): Promise<string | null> {
  const { token } = await searchParams;
  return typeof token === 'string' ? token : null;
}
