import { lazy, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { registerAdminWorker } from '../lib/adminApp';
import { useAdminMessages } from '../lib/adminMessages';
import { AdminLayout } from './AdminLayout';

// The back office's pages, under /admin. Each page is its own chunk, like the storefront's.
const OrdersPage = lazy(() => import('../features/adminOrders/OrdersPage'));
const OrderPage = lazy(() => import('../features/adminOrders/OrderPage'));
const NewOrderPage = lazy(() => import('../features/adminOrders/NewOrderPage'));
const OwnersPage = lazy(() => import('../features/adminOwners/OwnersPage'));
const FailedMailsPage = lazy(() => import('../features/adminMails/FailedMailsPage'));
const InvoicesPage = lazy(() => import('../features/adminInvoices/InvoicesPage'));
const ReturnsPage = lazy(() => import('../features/adminReturns/ReturnsPage'));
const CodesPage = lazy(() => import('../features/adminDiscounts/CodesPage'));
const AdminProductsPage = lazy(() => import('../features/adminProducts/AdminProductsPage'));
const EditProductPage = lazy(() => import('../features/adminProducts/EditProductPage'));
const TestimonialsPage = lazy(() => import('../features/adminTestimonials/TestimonialsPage'));
const ReviewsPage = lazy(() => import('../features/adminReviews/ReviewsPage'));
const AdminNotFoundPage = lazy(() => import('./AdminNotFoundPage'));

export default function AdminApp() {
  // The back office's words come with its code, not in the storefront's first load (App.tsx's Suspense waits for both).
  useAdminMessages();
  // The back office installs as the owners' phone app: its service worker keeps its shell (web/public/admin-sw.js).
  useEffect(registerAdminWorker, []);
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<OrdersPage />} />
        {/* The list's other address (the issue's). */}
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/new" element={<NewOrderPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="products/new" element={<EditProductPage />} />
        <Route path="products/:id" element={<EditProductPage />} />
        <Route path="returns" element={<ReturnsPage />} />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="codes" element={<CodesPage />} />
        <Route path="testimonials" element={<TestimonialsPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="mails" element={<FailedMailsPage />} />
        <Route path="owners" element={<OwnersPage />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
