import { ProductsPage, listingMetadata, type SearchParams } from '../../produtos/_products-page';

/** /produtos with a query (search, brand, chapter, family, view=all, page): rendered on demand from cached reads. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ searchParams }: { searchParams: SearchParams }) {
  return listingMetadata({ searchParams });
}

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return ProductsPage({ searchParams });
}
