import 'server-only';
import { permanentRedirect } from 'next/navigation';
import { listingHref } from '@/lib/catalogue/listing';
import type { ListingParams } from '@/lib/catalogue/listing';
import { movedBrandSlug } from './resolve';

/**
 * A listing URL whose `?brand=` names a merged (or renamed) brand answers a permanent redirect
 * (308) to the same listing under the brand it leads to now, keeping the other parameters.
 */
export async function redirectMovedBrand(basePath: string, params: Partial<ListingParams>): Promise<void> {
  const moved = await movedBrandSlug(params.brand);
  if (moved) permanentRedirect(listingHref(basePath, { ...params, brand: moved }));
}
