import { notFound, permanentRedirect } from 'next/navigation';
import { getProductDetail } from '@/server/catalogue/queries';

export const dynamic = 'force-dynamic';

/** /produtos/p/{productId} (search results, cart lines) → the product's canonical page. */
export default async function ProductByIdPage({ params }: { params: Promise<{ productId: string }> }) {
  const product = await getProductDetail(decodeURIComponent((await params).productId));
  if (!product) notFound();
  permanentRedirect(product.path);
}
