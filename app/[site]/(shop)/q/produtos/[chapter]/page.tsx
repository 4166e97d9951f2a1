import { ChapterPage, listingMetadata, type Params, type SearchParams } from '../../../produtos/[chapter]/_chapter-page';

/** A chapter with a query (view=all, brand, page…): rendered on demand from cached reads. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return listingMetadata({ params, searchParams });
}

export default function Page({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return ChapterPage({ params, searchParams });
}
