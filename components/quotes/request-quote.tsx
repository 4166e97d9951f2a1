'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { FileTextIcon } from 'lucide-react';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { cn } from '@/lib/utils';

// The form (Radix Dialog, fields) loads when first opened; hovering or focusing the button starts it.
const loadDialog = () => import('./request-quote-dialog');
const RequestQuoteDialog = React.lazy(() => loadDialog().then((m) => ({ default: m.RequestQuoteDialog })));

/** What a quote is asked for: the lines of the visitor's cart, or models of one product. */
export type QuoteSource = { kind: 'cart' } | { kind: 'product'; productCode: string; productName: string };

/**
 * 'Pedir orçamento', on /cart and on the product page, for guests and customers. The
 * button is the same for everyone (the product page is cached HTML); who is asking is known only
 * in the browser, when the form opens. On the cart it shows once the cart has lines.
 */
export function RequestQuoteButton({ source, className }: { source: QuoteSource; className?: string }) {
  const t = useTranslations('QuoteRequest');
  const cart = useOptionalCart();
  const [open, setOpen] = React.useState(false);
  const [needed, setNeeded] = React.useState(false);
  if (open && !needed) setNeeded(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => {});
  if (source.kind === 'cart' && (!cart || cart.loading || cart.items.length === 0)) return null;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid={source.kind === 'cart' ? 'cart-request-quote' : 'product-request-quote'}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-md border border-sky-700 bg-white px-5 font-semibold text-sky-800 hover:bg-sky-50 focus-visible:ring-[3px] focus-visible:ring-sky-500/60',
          className,
        )}
      >
        <FileTextIcon aria-hidden className="size-5" />
        {t('button')}
      </button>
      {needed && (
        <React.Suspense fallback={null}>
          <RequestQuoteDialog open={open} onOpenChange={setOpen} source={source} returnFocus={() => triggerRef.current} />
        </React.Suspense>
      )}
    </>
  );
}
