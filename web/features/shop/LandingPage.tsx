import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from '../../../domain/pricing';
import { useI18n } from '../../lib/i18n';
import { useFlashSaleText } from '../../lib/promotion';
import { SOCIAL_HANDLE, SOCIAL_URL } from '../../lib/shopInfo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Testimonials } from './Testimonials';

// Shown only after an order: its code is not part of the home page's first load.
const OrderConfirmation = lazy(() => import('../../components/OrderConfirmation').then((module) => ({ default: module.OrderConfirmation })));

const BENEFITS = [
  {
    title: 'home.benefit1.title',
    text: 'home.benefit1.text',
    icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4z',
  },
  {
    title: 'home.benefit2.title',
    text: 'home.benefit2.text',
    icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  },
  {
    title: 'home.benefit3.title',
    text: 'home.benefit3.text',
    icon: 'M3 6h18v12H3zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  },
] as const;

const linkButton = 'inline-flex min-h-12 items-center justify-center rounded-lg px-6 text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2';

export default function LandingPage() {
  const { t, moneyShort } = useI18n();
  useDocumentTitle(t('home.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const flashSale = useFlashSaleText();
  const placed = location.state as { placedOrderId?: string; placedOrderNumber?: number; placedOrderToken?: string } | null;
  return (
    <>
      {placed?.placedOrderId && (
        <Suspense fallback={null}>
          <OrderConfirmation
            orderId={placed.placedOrderId}
            orderNumber={placed.placedOrderNumber}
            accessToken={placed.placedOrderToken}
            onClose={() => navigate('/', { replace: true, state: null })}
          />
        </Suspense>
      )}
      <section className="bg-zinc-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
          {flashSale && <p className="rounded-full bg-red-700 px-3 py-1 text-sm font-semibold">{flashSale}</p>}
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('home.heading')}</h1>
          <p className="max-w-xl text-lg text-zinc-300">{t('home.intro')}</p>
          <Link to="/shop" className={`${linkButton} bg-brand text-white hover:bg-brand-dark focus-visible:outline-white`}>
            {t('home.shopNow')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="benefits-title" className="sr-only">
          {t('home.whyUs')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-brand" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                <path d={benefit.icon} />
              </svg>
              <h3 className="mt-4 text-lg font-semibold">{t(benefit.title)}</h3>
              <p className="mt-2 text-zinc-600">{t(benefit.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <Testimonials />

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-dark p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold">
              {t('home.freeShippingOver', { amount: moneyShort(FREE_SHIPPING_THRESHOLD) })}
            </h2>
            <p className="mt-1 text-green-50">{t('home.standardShipping', { amount: moneyShort(SHIPPING_FEE) })}</p>
          </div>
          <Link to="/shop" className={`${linkButton} bg-white text-brand-dark hover:bg-green-50 focus-visible:outline-white`}>
            {t('home.browse')}
          </Link>
        </div>
        <p className="mt-6 text-center text-zinc-700">
          {t('home.questions')}{' '}
          <a href={SOCIAL_URL} className="font-semibold text-brand-dark underline" rel="noopener noreferrer" target="_blank">
            {SOCIAL_HANDLE}
          </a>
          .
        </p>
      </section>
    </>
  );
}
