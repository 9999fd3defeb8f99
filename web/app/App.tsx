import { lazy } from 'react';
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
const MyOrdersPage = lazy(() => import('../features/accounts/MyOrdersPage'));
const StripeCheckoutPage = lazy(() => import('../features/payments/StripeCheckoutPage'));
const SuccessPage = lazy(() => import('../features/payments/SuccessPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
// The back office's products: its own chunks, never loaded by the storefront.
const AdminProductsPage = lazy(() => import('../features/adminProducts/AdminProductsPage'));
const EditProductPage = lazy(() => import('../features/adminProducts/EditProductPage'));

export function App() {
  return (
    <CartProvider>
      <BrowserRouter>
        <ScrollToTop />
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<LandingPage />} />
            <Route path="shop" element={<ShopPage />} />
            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignUpPage />} />
            <Route path="account/orders" element={<MyOrdersPage />} />
            <Route path="stripe-checkout" element={<StripeCheckoutPage />} />
            <Route path="success" element={<SuccessPage />} />
            <Route path="admin/products" element={<AdminProductsPage />} />
            <Route path="admin/products/new" element={<EditProductPage />} />
            <Route path="admin/products/:id" element={<EditProductPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </CartProvider>
  );
}
