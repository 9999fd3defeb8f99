import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { usePaymentOptions } from '../../lib/paymentOptions';

/** "Buy now by card" for a product with a Stripe price, in the colour chosen, when the shop offers it (GET /api/payments/config). */
export default function BuyNowByCard({ stripePriceId, colour }: { stripePriceId: string; colour: string | null }) {
  const { buyNowByCard } = usePaymentOptions();
  const { t } = useI18n();
  if (!buyNowByCard) return null;
  return (
    <Link
      to={`/stripe-checkout?${new URLSearchParams({ priceId: stripePriceId, ...(colour ? { colour } : {}) })}`}
      className="inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-zinc-900 px-4 font-semibold hover:bg-zinc-50 focus-visible:outline-3 focus-visible:outline-brand"
    >
      {t('product.buyNowByCard')}
    </Link>
  );
}
