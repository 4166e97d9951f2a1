import { ChapterPage, listingMetadata, type Params } from './_chapter-page';

/** A chapter without a query: cached for every visitor (the query variants are `q/produtos/…`). */
export const revalidate = 3600;

/** Rendered on first request, then cached (nothing at build time: the build has no database). */
export function generateStaticParams(): never[] {
  return [];
}

const NO_QUERY = Promise.resolve({});

export function generateMetadata({ params }: { params: Params }) {
  return listingMetadata({ params, searchParams: NO_QUERY });
}

export default function Page({ params }: { params: Params }) {
  return ChapterPage({ params, searchParams: NO_QUERY });
}
