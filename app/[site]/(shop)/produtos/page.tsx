import { ProductsPage, listingMetadata } from './_products-page';

/** /produtos without a query: cached for every visitor (the query variants are `q/produtos`). */
export const revalidate = 3600;

const NO_QUERY = Promise.resolve({});

export function generateMetadata() {
  return listingMetadata({ searchParams: NO_QUERY });
}

export default function Page() {
  return ProductsPage({ searchParams: NO_QUERY });
}
