import type { Metadata } from 'next';

export const SITE_NAME = 'Casa das Águas de Gaia';

/** Title, description, canonical, Open Graph and Twitter tags of a page. */
export function pageMetadata({
  title,
  description,
  path,
  image,
  noindex = false,
}: {
  title: string;
  description: string;
  path: string;
  image?: string;
  noindex?: boolean;
}): Metadata {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const desc = description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description;
  const images = image ? [{ url: image }] : undefined;
  return {
    title: fullTitle,
    description: desc,
    alternates: { canonical: path },
    openGraph: { title: fullTitle, description: desc, url: path, siteName: SITE_NAME, locale: 'pt_PT', type: 'website', images },
    twitter: { card: image ? 'summary_large_image' : 'summary', title: fullTitle, description: desc, images: image ? [image] : undefined },
    robots: noindex ? { index: false, follow: true } : undefined,
  };
}
