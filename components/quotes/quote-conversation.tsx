import { QuoteMessageForm } from '@/components/quotes/quote-actions';
import { QuoteHistory, QuoteThread } from '@/components/quotes/quote-view';
import type { QuoteDetail } from '@/lib/quotes/types';

/**
 * The end of a quote's page, the same for the customer, the guest link (`token`) and staff: the
 * message thread with its form (a message may name one of the quote's lines), then the history.
 * Async like the server components it holds (QuoteThread, QuoteHistory read their texts), so a
 * test that renders a page's server tree by hand resolves what is inside.
 */
export async function QuoteConversation({ quote, side, token }: { quote: QuoteDetail; side: 'customer' | 'staff'; token?: string }) {
  return (
    <>
      <QuoteThread quote={quote} side={side}>
        <QuoteMessageForm quoteId={quote.id} token={token} lines={quote.lines.map((l) => ({ position: l.position, name: l.model_code }))} />
      </QuoteThread>
      <QuoteHistory quote={quote} />
    </>
  );
}
