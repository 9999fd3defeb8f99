import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CatalogueFallbackNotice } from './CatalogueNotice';
import { ProductCard } from './ProductCard';

// The modal's code (gallery, colours, dialog) comes when a product is opened, not with the shop's first load.
const ProductModal = lazy(() => import('./ProductModal').then((module) => ({ default: module.ProductModal })));

export default function ShopPage() {
  const { t } = useI18n();
  useDocumentTitle(t('shop.title'));
  const { products, isLoading, isFallback } = useCatalog();
  const location = useLocation();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('shop.heading')}</h1>
      <p className="mt-2 text-zinc-600">{t('shop.intro')}</p>
      {isFallback && <CatalogueFallbackNotice />}
      {isLoading ? (
        <p role="status" className="mt-8 text-zinc-600">
          {t('shop.loading')}
        </p>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              // The first picture is the page's largest paint: fetched first; the rest wait until they are near the screen.
              priority={index === 0}
              // The modal gets the product's own address (to share it); Back closes it.
              modal={{ background: location }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** /shop/{slug} opened from /shop: the product in a modal over the shop; closing it goes back to /shop. */
export function ProductModalRoute() {
  const { slug } = useParams();
  const { products } = useCatalog();
  const navigate = useNavigate();
  const { t } = useI18n();
  const product = products.find((candidate) => candidate.slug === slug);
  useDocumentTitle(product?.name ?? t('shop.title'));
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      <ProductModal product={product} onClose={() => navigate(-1)} />
    </Suspense>
  );
}
