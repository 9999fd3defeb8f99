import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { CartProvider } from '../lib/cart/CartProvider';
import { Layout } from './Layout';
import { ScrollToTop } from './ScrollToTop';

// Each page is its own chunk: a visitor downloads only the page they open.
const LandingPage = lazy(() => import('../features/shop/LandingPage'));
const ShopPage = lazy(() => import('../features/shop/ShopPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const LoginPage = lazy(() => import('../features/accounts/LoginPage'));
const SignUpPage = lazy(() => import('../features/accounts/SignUpPage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/ResetPasswordPage'));
const MyOrdersPage = lazy(() => import('../features/accounts/MyOrdersPage'));
const StripeCheckoutPage = lazy(() => import('../features/payments/StripeCheckoutPage'));
const SuccessPage = lazy(() => import('../features/payments/SuccessPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const OrderStatusPage = lazy(() => import('../features/orders/OrderStatusPage'));
// The back office is its own code, loaded only by whoever opens /admin.
const AdminApp = lazy(() => import('./AdminApp'));

export function App() {
  return (
    <CartProvider>
      <BrowserRouter>
        <ScrollToTop />
        <Routes>
          <Route
            path="admin/*"
            element={
              <Suspense fallback={<p className="px-4 py-8 text-zinc-600">Loading…</p>}>
                <AdminApp />
              </Suspense>
            }
          />
          <Route element={<Layout />}>
            <Route index element={<LandingPage />} />
            <Route path="shop" element={<ShopPage />} />
            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignUpPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="account/orders" element={<MyOrdersPage />} />
            <Route path="orders/:id" element={<OrderStatusPage />} />
            <Route path="stripe-checkout" element={<StripeCheckoutPage />} />
            <Route path="success" element={<SuccessPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </CartProvider>
  );
}
