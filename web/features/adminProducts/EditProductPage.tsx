import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { productPath } from '../../../domain/catalog';
import type { AdminProductDetail } from '../../../domain/contracts/adminProducts';
import { discountPercent } from '../../../domain/pricing';
import { formatRon } from '../../lib/format';
import { orderDateFormat } from '../../lib/orderStatus';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AccessProblem } from './AccessProblem';
import { createProduct, fetchProduct, saveProduct } from './api';
import { formValuesOf } from './productForm';
import { ProductForm } from './ProductForm';
import { ProductImages } from './ProductImages';

/** What the shop shows beside the price, from the price history (the lowest price of the 30 days before it started). */
const TEXT = {
  en: {
    reduced: (reference: string, percent: number) =>
      `The shop shows ${reference} struck through and −${percent}%: the lowest price of the 30 days before the current price started.`,
    notReduced: 'The shop shows no struck-through price and no discount: the current price is not below the lowest price of the 30 days before it started.',
  },
  ro: {
    reduced: (reference: string, percent: number) =>
      `Magazinul afișează ${reference} tăiat și −${percent}%: cel mai mic preț din cele 30 de zile dinaintea prețului actual.`,
    notReduced: 'Magazinul nu afișează preț tăiat și nici reducere: prețul actual nu este sub cel mai mic preț din cele 30 de zile dinaintea lui.',
  },
};

const backLink = (
  <Link to="/admin/products" className="text-sm font-medium text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
    All products
  </Link>
);

/** /admin/products/new: the form, empty; once created, the product's own page takes over (for its images). */
function NewProduct() {
  useDocumentTitle('New product');
  const navigate = useNavigate();
  return (
    <>
      {backLink}
      <h1 className="mt-2 text-3xl font-bold tracking-tight">New product</h1>
      <ProductForm
        initial={formValuesOf()}
        submitLabel="Create product"
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
  useDocumentTitle(detail?.product.name ?? 'Product');

  useEffect(() => {
    setDetail(null);
    setError(null);
    fetchProduct(id).then(setDetail).catch(setError);
  }, [id]);

  if (!detail) {
    return (
      <>
        {backLink}
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Product</h1>
        {error !== null ? (
          <AccessProblem error={error} />
        ) : (
          <p role="status" className="mt-6 text-zinc-600">
            Loading the product…
          </p>
        )}
      </>
    );
  }
  const { product, priceHistory, referencePrice } = detail;
  return (
    <>
      {backLink}
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words">{product.name}</h1>
      {/* The storefront's page, as saved (a full page load: it is not part of the back office). */}
      <a href={productPath(product)} className="mt-1 inline-block text-sm font-medium text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
        View page
      </a>
      {justCreated && (
        <p role="status" className="mt-2 text-brand-dark">
          Product created. Add its images, then show it in the shop.
        </p>
      )}
      <ProductForm
        key={product.id}
        initial={formValuesOf(product)}
        submitLabel="Save changes"
        onSubmit={async (changed) => setDetail(await saveProduct(product.id, changed))}
      />
      <ProductImages product={product} onChange={setDetail} />
      <section aria-labelledby="price-history-title" className="mt-10">
        <h2 id="price-history-title" className="text-xl font-semibold">
          Price history
        </h2>
        <p className="mt-2 text-sm text-zinc-700">
          {referencePrice === null ? TEXT.en.notReduced : TEXT.en.reduced(formatRon(referencePrice), discountPercent(product.price, referencePrice))}
        </p>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="border-b border-zinc-300 text-zinc-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Since
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200">
            {priceHistory.map((change) => (
              <tr key={`${change.changedAt}-${change.price}`}>
                <td className="py-2 pr-2">{orderDateFormat.format(new Date(change.changedAt))}</td>
                <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{formatRon(change.price)}</td>
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
