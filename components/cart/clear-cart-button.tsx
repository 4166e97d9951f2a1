'use client';

import { useTranslations } from 'next-intl';
import { ConfirmAction } from './confirm-action';
import { useCart } from './cart-provider';

/** "Esvaziar carrinho", asked first (spec 2.6, 4): in the cart dropdown and on the cart page. */
export function ClearCartButton({ testId, className }: { testId: string; className: string }) {
  const t = useTranslations('Cart');
  const { clearCart } = useCart();
  return (
    <ConfirmAction
      label={t('clear')}
      question={t('confirmClear')}
      confirmLabel={t('confirm')}
      cancelLabel={t('cancel')}
      onConfirm={() => clearCart()}
      testId={testId}
      className={className}
    >
      {t('clear')}
    </ConfirmAction>
  );
}
