import { useStore } from '@nanostores/react';
import { useI18n } from '../core/i18n.ts';
import { $user } from '../core/session.ts';

export const cartScreenMessageKeys = ['cart_opens_here'] as const;

/** The cart (login only). The three-step order flow comes in a later issue; for now it greets the member. */
export function CartScreen() {
  const { t } = useI18n();
  const user = useStore($user);
  return <p className="gs-cart">{t('cart_opens_here', { name: user?.username ?? '' })}</p>;
}
