/** The customer's message sent with a quote request, as the customer sees it (account or guest link). */
export function QuoteRequestMessage({ title, message }: { title: string; message: string }) {
  return (
    <section aria-labelledby="quote-request-message" className="space-y-2">
      <h2 id="quote-request-message" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="whitespace-pre-line break-words rounded-xl border bg-white p-3 text-sm text-slate-900">{message}</p>
    </section>
  );
}
