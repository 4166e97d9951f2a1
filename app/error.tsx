'use client';

import { PageError } from '@/components/errors/page-error';

/** Any other page that failed (the admin login, the development outbox): the same Portuguese page. */
export default function RootError({ error }: { error: Error & { digest?: string } }) {
  return (
    <main className="min-h-screen">
      <PageError error={error} />
    </main>
  );
}
