import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { productPath } from '../../../domain/catalog';
import type { AdminProductDetail } from '../../../domain/contracts/adminProducts';
import { discountPercent } from '../../../domain/pricing';
import type { StockSeen } from '../../../domain/productEdit';
import { useI18n } from '../../lib/i18n';
import { formatOrderDate } from '../../lib/orderStatus';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AccessProblem } from './AccessProblem';
import { createProduct, fetchProduct, saveProduct } from './api';
import { ProductForm } from './ProductForm';
import { ProductImages } from './ProductImages';
import { formValuesOf, stockSeenOf } from './productForm';
import { WaitingSubscribers } from './WaitingSubscribers';

function BackLink() {
  const { t } = useI18n();
  return (
    <Link to="/admin/products" className="text-sm font-medium text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
      {t('admin.product.allProducts')}
    </Link>
  );
}

/** /admin/products/new: the form, empty; once created, the product's own page takes over (for its images). */
function NewProduct() {
  const { t } = useI18n();
  useDocumentTitle(t('admin.product.new'));
  const navigate = useNavigate();
  return (
    <>
      <BackLink />
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('admin.product.new')}</h1>
      <ProductForm
        initial={formValuesOf()}
        submitLabel={t('admin.product.create')}
        onSubmit={async (product) => {
          const created = await createProduct(product);
          navigate(`/admin/products/${encodeURIComponent(created.product.id)}`, { replace: true, state: { created: true } });
        }}
      />
    </>
  );
}

/** /admin/products/:id: the product's details, its images and its price history. */
function ExistingProduct({ id }: { id: string }) {
  const [detail, setDetail] = useState<AdminProductDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const { t, money, locale } = useI18n();
  useDocumentTitle(detail?.product.name ?? t('admin.product.heading'));
  // The stock the form shows: sent with each save, so units sold while the owner edits are not put back.
  const stockSeen = useRef<StockSeen | undefined>(undefined);

  useEffect(() => {
    setDetail(null);
    setError(null);
    fetchProduct(id)
      .then((answer) => {
        stockSeen.current = stockSeenOf(answer.product);
        setDetail(answer);
      })
      .catch(setError);
  }, [id]);

  if (!detail) {
    return (
      <>
        <BackLink />
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('admin.product.heading')}</h1>
        {error !== null ? (
          <AccessProblem error={error} />
        ) : (
          <p role="status" className="mt-6 text-zinc-600">
            {t('admin.product.loading')}
          </p>
        )}
      </>
    );
  }
  const { product, priceHistory, referencePrice } = detail;
  return (
    <>
      <BackLink />
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">{product.name}</h1>
      {/* The storefront's page, as saved (a full page load: it is not part of the back office). */}
      <a href={productPath(product)} className="mt-1 inline-block text-sm font-medium text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
        {t('admin.product.viewPage')}
      </a>
      <WaitingSubscribers productId={product.id} version={detail} />
      {justCreated && (
        <p role="status" className="mt-2 text-brand-dark">
          {t('admin.product.created')}
        </p>
      )}
      <ProductForm
        key={product.id}
        initial={formValuesOf(product)}
        submitLabel={t('admin.product.save')}
        onSubmit={async (changed) => {
          const saved = await saveProduct(product.id, { ...changed, stockSeen: stockSeen.current });
          stockSeen.current = stockSeenOf(changed);
          setDetail(saved);
        }}
      />
      <ProductImages product={product} onChange={setDetail} />
      <section aria-labelledby="price-history-title" className="mt-10">
        <h2 id="price-history-title" className="text-xl font-semibold">
          {t('admin.product.priceHistory')}
        </h2>
        <p className="mt-2 text-sm text-zinc-700">
          {referencePrice === null ? t('admin.product.notReduced') : t('admin.product.reduced', { reference: money(referencePrice), percent: discountPercent(product.price, referencePrice) })}
        </p>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="border-b border-zinc-300 text-zinc-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t('admin.product.since')}
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                {t('admin.product.price')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200">
            {priceHistory.map((change) => (
              <tr key={`${change.changedAt}-${change.price}`}>
                <td className="py-2 pr-2">{formatOrderDate(change.changedAt, locale)}</td>
                <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{money(change.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

export default function EditProductPage() {
  const { id } = useParams();
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">{id === undefined ? <NewProduct /> : <ExistingProduct id={id} />}</div>;
}
