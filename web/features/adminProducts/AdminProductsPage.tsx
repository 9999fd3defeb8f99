import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import { primaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AccessProblem } from './AccessProblem';
import { fetchAllProducts } from './api';
import { stockText } from './stockText';

/** /admin/products: every product, hidden ones too, with its price, stock and whether it is shown. */
export default function AdminProductsPage() {
  const { t, money } = useI18n();
  useDocumentTitle(t('admin.products.heading'));
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    fetchAllProducts()
      .then((answer) => setProducts(answer.products))
      .catch(setError);
  }, []);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin.products.heading')}</h1>
        {products && (
          <Link to="/admin/products/new" className={primaryButton}>
            {t('admin.products.new')}
          </Link>
        )}
      </div>
      {error !== null && <AccessProblem error={error} />}
      {!products && error === null && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('admin.products.loading')}
        </p>
      )}
      {products && (
        <table className="mt-6 w-full text-left text-sm">
          <thead className="border-b border-zinc-300 text-zinc-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t('admin.products.column.product')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t('admin.products.column.price')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t('admin.products.column.stock')}
              </th>
              <th scope="col" className="py-2 pl-2 font-medium">
                {t('admin.products.column.shop')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200">
            {products.map((product) => (
              <tr key={product.id}>
                <th scope="row" className="py-3 pr-2 font-medium">
                  <Link to={`/admin/products/${encodeURIComponent(product.id)}`} className="text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
                    {product.name}
                  </Link>
                </th>
                <td className="px-2 py-3 text-right whitespace-nowrap tabular-nums">{money(product.price)}</td>
                <td className={`px-2 py-3 text-right tabular-nums ${product.stock === 0 ? 'font-semibold text-red-700' : ''}`}>
                  {stockText(t, product.stock)}
                  {product.colourOptions
                    .filter((colour) => colour.stock !== null)
                    .map((colour) => (
                      <span key={colour.name} className="block text-xs font-normal text-zinc-700">
                        {colour.name}: {stockText(t, colour.stock)}
                      </span>
                    ))}
                </td>
                <td className="py-3 pl-2">{product.active ? t('admin.products.shown') : t('admin.products.hidden')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
