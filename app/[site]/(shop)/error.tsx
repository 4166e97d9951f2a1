'use client';

import { PageError } from '@/components/errors/page-error';

/** A shop page that failed: the header and footer stay, the message is in Portuguese. */
export default function ShopError({ error }: { error: Error & { digest?: string } }) {
  return <PageError error={error} />;
}
