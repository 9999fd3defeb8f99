import { Fragment, lazy, useId } from 'react';
import { Link, useParams } from 'react-router';
import { productTrail } from '../../../domain/catalog';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CatalogueFallbackNotice } from './CatalogueNotice';
import { ProductDetails } from './ProductDetails';

// Rare on a product's address (a link to a product since removed): not part of the page's first load.
const PageNotFound = lazy(() => import('../../components/PageNotFound').then((module) => ({ default: module.PageNotFound })));

const crumbLink = 'rounded underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand';

/** A product's own page, /shop/{slug}: what its modal shows, with breadcrumbs back to the shop. */
export default function ProductPage() {
  const { slug } = useParams();
  const { products, isLoading, isFallback } = useCatalog();
  const product = products.find((candidate) => candidate.slug === slug);
  const titleId = useId();
  const { t } = useI18n();
  useDocumentTitle(product?.name ?? t(isLoading ? 'shop.title' : 'notFound.title'));

  if (isLoading) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-8 text-zinc-600 sm:px-6">
        {t('product.loading')}
      </p>
    );
  }
  if (!product) return <PageNotFound />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6 sm:py-6">
      <nav aria-label={t('nav.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-2 text-sm text-zinc-600">
          {productTrail(product, { home: t('nav.home'), shop: t('nav.shop') }).map((crumb, index, trail) =>
            index < trail.length - 1 ? (
              <Fragment key={crumb.path}>
                <li>
                  <Link to={crumb.path} className={crumbLink}>
                    {crumb.name}
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
              </Fragment>
            ) : (
              <li key={crumb.path} aria-current="page" className="font-medium text-zinc-900">
                {crumb.name}
              </li>
            ),
          )}
        </ol>
      </nav>
      {isFallback && <CatalogueFallbackNotice />}
      <article aria-labelledby={titleId} className="mt-4 sm:mt-6">
        <ProductDetails product={product} titleId={titleId} Heading="h1" large />
      </article>
    </div>
  );
}
