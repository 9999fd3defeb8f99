import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { productCheckoutSchema } from '../../../domain/contracts/payments';
import { Spinner } from '../../components/ui/Spinner';
import { primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Spec 2: /stripe-checkout?priceId=… buys one product by card through Stripe Checkout. */
export default function StripeCheckoutPage() {
  const { t } = useI18n();
  useDocumentTitle(t('payment.cardPayment'));
  const [params] = useSearchParams();
  const priceId = params.get('priceId') ?? '';
  const colour = params.get('colour');
  const { products, isLoading } = useCatalog();
  const product = priceId ? products.find((candidate) => candidate.stripePriceId === priceId) : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!product || started.current) return;
    started.current = true;
    apiRequest('/payments/product-checkout', productCheckoutSchema, { method: 'POST', body: JSON.stringify({ priceId, ...(colour ? { colour } : {}) }) })
      .then(({ url }) => (url ? window.location.assign(url) : setProblem(t('message.noCheckoutUrl'))))
      // The shop's refusal says why (sold out, say); a failure to reach Stripe is the spec's message.
      .catch((error: unknown) => setProblem(error instanceof ApiError && error.status < 500 ? error.message : t('message.startCheckoutFailed')));
  }, [product, priceId, colour, t]);

  const backHome = (
    <Link to="/" className={primaryButton}>
      {t('payment.backHome')}
    </Link>
  );

  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      {isLoading ? (
        <Spinner label={t('layout.loading')} />
      ) : !product ? (
        <>
          <h1 className="text-3xl font-bold">{t('message.productNotFound')}</h1>
          <p className="text-zinc-600">{t('payment.unknownLink')}</p>
          {backHome}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">{product.name}</h1>
          {problem ? (
            <>
              <p role="alert" className="font-medium text-red-700">
                {problem}
              </p>
              {backHome}
            </>
          ) : (
            <Spinner label={t('payment.redirecting')} />
          )}
        </>
      )}
    </div>
  );
}
