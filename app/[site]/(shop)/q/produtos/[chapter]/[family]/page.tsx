import { FamilyPage, listingMetadata, type Params, type SearchParams } from '../../../../produtos/[chapter]/[family]/_family-page';

/** A family listing with a query (brand, technical filters, page): rendered on demand from cached reads. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return listingMetadata({ params, searchParams });
}

export default function Page({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  return FamilyPage({ params, searchParams });
}
