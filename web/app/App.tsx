import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { CartProvider } from '../features/cart/CartProvider';
import { Layout } from './Layout';
import { ScrollToTop } from './ScrollToTop';

// Each page is its own chunk: a visitor downloads only the page they open.
const LandingPage = lazy(() => import('../features/shop/LandingPage'));
const ShopPage = lazy(() => import('../features/shop/ShopPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

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
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </CartProvider>
  );
}
