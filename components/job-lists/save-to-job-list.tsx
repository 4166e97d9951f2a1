'use client';

import * as React from 'react';
import { BookmarkPlusIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/lazy-dialog';
import type { SaveToJobListTexts } from '@/lib/job-lists/texts';

/**
 * "Guardar numa obra": a button that opens the dialog keeping the customer's cart, or a
 * model of a product page, in one of their job lists. The page ships only this button; the dialog
 * (Radix, the form) loads when first opened, started when the pointer or focus reaches it. Its
 * texts come as props from the server page (`saveToJobListTexts`), so the cached shop pages carry
 * no extra message namespace. Nothing is shown to a guest.
 */

/** A model of the product page (no prices). */
export interface SaveModelOption {
  id: number;
  code: string;
  size: string | null;
  smallPackage: string | null;
  mediumPackage: string | null;
  largePackage: string | null;
}

export type SaveSource = { cartId: string } | { models: SaveModelOption[] };

const loadDialog = () => import('./save-to-job-list-dialog');
const SaveToJobListDialog = React.lazy(() => loadDialog().then((m) => ({ default: m.SaveToJobListDialog })));

function SaveToJobList({ source, label, texts }: { source: SaveSource; label: string; texts: SaveToJobListTexts }) {
  const { open, setOpen, needed, triggerRef, triggerProps } = useLazyDialog({ load: loadDialog });
  return (
    <>
      <Button type="button" variant="outline" data-testid="save-to-job-list" {...triggerProps}>
        <BookmarkPlusIcon aria-hidden />
        {label}
      </Button>
      {needed && (
        <React.Suspense fallback={null}>
          <SaveToJobListDialog source={source} texts={texts} open={open} setOpen={setOpen} returnFocus={() => triggerRef.current} />
        </React.Suspense>
      )}
    </>
  );
}

/** The /cart page's "Guardar o carrinho numa obra" (signed-in customers with lines only). */
export function SaveCartToJobList({ texts }: { texts: SaveToJobListTexts }) {
  const cart = useOptionalCart();
  if (!cart || !cart.signedIn || !cart.cartId || cart.items.length === 0) return null;
  return (
    <div className="mt-6 flex justify-end">
      <SaveToJobList source={{ cartId: cart.cartId }} label={texts.saveCart} texts={texts} />
    </div>
  );
}

/** The product page's "Guardar numa obra" (signed-in customers only): a model, its package and packages. */
export function SaveModelToJobList({ models, texts }: { models: SaveModelOption[]; texts: SaveToJobListTexts }) {
  const { viewer } = useAuth();
  if (!viewer || models.length === 0) return null;
  return <SaveToJobList source={{ models }} label={texts.saveToList} texts={texts} />;
}
