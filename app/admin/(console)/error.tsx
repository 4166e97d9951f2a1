'use client';

import { PageError } from '@/components/errors/page-error';

/** An admin screen that failed: the sidebar stays, the message is in Portuguese. */
export default function AdminError({ error }: { error: Error & { digest?: string } }) {
  return <PageError error={error} homeHref="/admin/dashboard" />;
}
