import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { EARLY_TAPS } from '../../domain/contracts/pages';
import { LEGAL_PAGES, type LegalPage as LegalPageName, legalPath, WITHDRAWAL_PATH } from '../../domain/legal';
import { stepOfPage } from '../../domain/visits';
import { Loading } from '../components/Loading';
import { noteTouch } from '../lib/attribution';
import { CartProvider } from '../lib/cart/CartProvider';
import { type I18n, I18nProvider } from '../lib/i18n';
import { backgroundOf } from '../lib/modalRoutes';
import { Layout } from './Layout';
import { type LazyPage, lazyPage } from './lazyPage';
import { ScrollToTop } from './ScrollToTop';

// Each page is its own chunk: a visitor downloads only the page they open.
const LandingPage = lazyPage(() => import('../features/shop/LandingPage'));
const ShopPage = lazyPage(() => import('../features/shop/ShopPage'));
const ProductModalRoute = lazy(() => import('../features/shop/ShopPage').then((page) => ({ default: page.ProductModalRoute })));
const ProductPage = lazyPage(() => import('../features/shop/ProductPage'));
const CheckoutPage = lazyPage(() => import('../features/checkout/CheckoutPage'));
const LoginPage = lazyPage(() => import('../features/accounts/LoginPage'));
const SignUpPage = lazyPage(() => import('../features/accounts/SignUpPage'));
const ResetPasswordPage = lazyPage(() => import('../features/accounts/ResetPasswordPage'));
const MyOrdersPage = lazyPage(() => import('../features/accounts/MyOrdersPage'));
const MyDataPage = lazyPage(() => import('../features/accounts/MyDataPage'));
const StripeCheckoutPage = lazyPage(() => import('../features/payments/StripeCheckoutPage'));
const SuccessPage = lazyPage(() => import('../features/payments/SuccessPage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));
const OrderStatusPage = lazyPage(() => import('../features/orders/OrderStatusPage'));
const ConfirmOrderPage = lazyPage<{ purpose: 'confirm' | 'pay' }>(() => import('../features/orders/ConfirmOrderPage'));
const ReviewPage = lazyPage(() => import('../features/reviews/ReviewPage'));
const UnsubscribePage = lazyPage(() => import('../features/legal/UnsubscribePage'));
const LegalPage = lazyPage<{ page: LegalPageName }>(() => import('../features/legal/LegalPage').then((module) => ({ default: module.LegalPage })));
const WithdrawalPage = lazyPage(() => import('../features/legal/WithdrawalPage'));
const RestoreCartPage = lazyPage(() => import('../features/reminders/RestoreCartPage'));
const ConfirmStockAlertPage = lazyPage(() => import('../features/reminders/ConfirmStockAlertPage'));
// The back office is its own code, loaded only by whoever opens /admin.
const AdminApp = lazy(() => import('./AdminApp'));

/** The pages the server renders, with their module as the build's manifest names it (relative to web/). */
const SERVER_RENDERED: { path: string; page: LazyPage; module: string }[] = [
  { path: '/', page: LandingPage, module: 'features/shop/LandingPage.tsx' },
  { path: '/shop', page: ShopPage, module: 'features/shop/ShopPage.tsx' },
  { path: '/shop/:slug', page: ProductPage, module: 'features/shop/ProductPage.tsx' },
];

/**
 * The server-rendered page at `pathname`, if it is one: the browser loads its code before hydrating
 * it (web/main.tsx), the server names that code for the browser to preload (web/entry-server.tsx).
 */
export const serverRenderedPageOf = (pathname: string) => SERVER_RENDERED.find((entry) => matchPath(entry.path, pathname)) ?? null;

/**
 * Tells the server which page of the funnel the visitor opened (POST /api/visits, domain/visits.ts): no cookie, nothing
 * kept in the browser; the server counts it, or not for a bot.
 */
function useVisitCount(path: string, search: string) {
  useEffect(() => {
    // Every page notes its touch (a tagged link), counted or not: the order sends the tab's (web/lib/attribution.ts).
    const touch = noteTouch(search);
    if (!stepOfPage(path) || typeof navigator.sendBeacon !== 'function') return;
    navigator.sendBeacon('/api/visits', new Blob([JSON.stringify({ path, touch })], { type: 'application/json' }));
  }, [path, search]);
}

/**
 * A product page's reviews come as static HTML after the app (web/features/reviews/ProductReviews.tsx): shown on their
 * product's page only, hidden once the visitor goes to another page without loading it afresh.
 */
function useReviewsOnTheirPage(pathname: string, overPage: boolean) {
  useEffect(() => {
    const reviews = document.getElementById('reviews');
    if (reviews) reviews.hidden = overPage || reviews.dataset.path !== pathname;
  }, [pathname, overPage]);
}

function AppRoutes() {
  const location = useLocation();
  useVisitCount(`${location.pathname}${location.search}`, location.search);
  // A product opened from /shop keeps the shop behind its modal (web/lib/modalRoutes.ts).
  const background = backgroundOf(location);
  useReviewsOnTheirPage(location.pathname, background !== null);
  return (
    <>
      <ScrollToTop />
      <Routes location={background ?? location}>
        <Route
          path="admin/*"
          element={
            <Suspense fallback={<Loading />}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route index element={<LandingPage />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="shop/:slug" element={<ProductPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignUpPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="account/orders" element={<MyOrdersPage />} />
          <Route path="account/data" element={<MyDataPage />} />
          <Route path="orders/:id" element={<OrderStatusPage />} />
          <Route path="orders/:id/confirm" element={<ConfirmOrderPage purpose="confirm" />} />
          <Route path="orders/:id/pay" element={<ConfirmOrderPage purpose="pay" />} />
          <Route path="orders/:id/review" element={<ReviewPage />} />
          <Route path="stripe-checkout" element={<StripeCheckoutPage />} />
          <Route path="success" element={<SuccessPage />} />
          <Route path="cart/restore" element={<RestoreCartPage />} />
          <Route path="stock-alerts/confirm" element={<ConfirmStockAlertPage />} />
          {LEGAL_PAGES.map((page) => (
            <Route key={page} path={legalPath(page)} element={<LegalPage page={page} />} />
          ))}
          <Route path={WITHDRAWAL_PATH} element={<WithdrawalPage />} />
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      {background && (
        <Routes>
          <Route
            path="shop/:slug"
            element={
              <Suspense fallback={null}>
                <ProductModalRoute />
              </Suspense>
            }
          />
        </Routes>
      )}
    </>
  );
}

/**
 * The storefront inside a router: BrowserRouter in the browser (web/main.tsx), StaticRouter on the
 * server (web/entry-server.tsx), in the language of `i18n`. `hydrating`: the page came rendered from the server, so the first
 * render must be the server's (the saved cart is read just after it).
 */
export function App({ Router, i18n, hydrating = false }: { Router: (props: { children: ReactNode }) => ReactNode; i18n: I18n; hydrating?: boolean }) {
  // The buttons tapped before this render was on the page, which the server-rendered page's loader kept (decision
  // 0025), tapped again in the order they came, as often as they came, and from here on React answers taps itself.
  // In the commit, after the children's layout effects (the saved cart is read) and before anything renders
  // again: the buttons are the ones the visitor saw and tapped, all hydrated, and each tap adds to the saved cart.
  useLayoutEffect(() => {
    const early = window as unknown as Record<typeof EARLY_TAPS, HTMLButtonElement[] | null | undefined>;
    const taps = early[EARLY_TAPS] ?? [];
    early[EARLY_TAPS] = null;
    for (const button of taps) button.removeAttribute('aria-busy');
    for (const button of taps) button.click();
  }, []);
  // Tells tools and tests that the page answers to input (on a server-rendered page: it is hydrated).
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <CartProvider hydrating={hydrating}>
        <Router>
          <AppRoutes />
        </Router>
      </CartProvider>
    </I18nProvider>
  );
}
